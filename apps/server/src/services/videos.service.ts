import {
  PLATFORMS,
  type PlatformKey,
  type PlatformPost,
  type UpdateVideoBody,
  type Video,
  type VideoStatus,
} from '@fanout/contracts';
import type { AppContext } from '../context';
import type { VideoRow } from '../db/schema';
import { conflict, notFound, unprocessable } from '../http/errors';
import { lockOpenPostsOfVideos } from '../repositories/posts.repository';
import { findRenditionFilesOfVideos } from '../repositories/renditions.repository';
import { findCaptionFilesOfVideos } from '../repositories/video-captions.repository';
import {
  deleteVideosOfUser,
  emptyPostSummary,
  findVideoOfUser,
  lockVideosOfUser,
  summarizePostsOfVideos,
  updateVideoOfUser,
  type VideoChanges,
  type VideoPostSummary,
} from '../repositories/videos.repository';
import { videoPostStatus } from './posts/video-post-status';
import { toIsoString } from './users.service';
import { videoDetailsSaved } from './activity/activity-moments';
import { coverJson } from './covers/cover-json';
import { uploadsPath } from './uploads-path';

/** 'm:ss' with unbounded minutes; '0:00' when unknown (spec). */
export function formatDuration(seconds: number | null): string {
  const total = seconds && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** 'm:ss' or 'h:mm:ss' → seconds. */
export function parseDuration(text: string): number {
  return text.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

/** '12.34 MB' (MiB, 2 decimals), as the upload list shows it. */
export function formatSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export { uploadsPath } from './uploads-path';

const platformOrder = (key: string) => PLATFORMS.findIndex((p) => p.key === key);

/** Each platform's current post, in the app's platform order (Instagram first, Reddit last). */
function platformPosts(summary: VideoPostSummary): PlatformPost[] {
  return summary.platforms
    .filter((p) => platformOrder(p.platform) >= 0)
    .sort((a, b) => platformOrder(a.platform) - platformOrder(b.platform))
    .map((p) => ({ platform: p.platform as PlatformKey, status: p.status }));
}

/**
 * The one place a video row becomes API JSON. The row keeps the status its details give (awaiting-details,
 * ready); once it has posts, the status shown follows them (services/posts/video-post-status.ts).
 */
export function toVideoJson(row: VideoRow, posts: VideoPostSummary = emptyPostSummary()): Video {
  const postCounts = posts.counts;
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    platforms: row.platforms as PlatformKey[],
    status: videoPostStatus(row.status as VideoStatus, postCounts),
    // Rows exist only for files that arrived whole; in-flight uploads live in the client.
    progress: 100,
    duration: formatDuration(row.duration_seconds),
    durationSeconds: row.duration_seconds,
    size: formatSize(row.size_bytes),
    sizeBytes: row.size_bytes,
    uploadDate: toIsoString(row.created_at),
    views: row.views,
    filename: row.filename,
    thumbnail: row.thumbnail_filename ? uploadsPath(row.thumbnail_filename) : null,
    width: row.width,
    height: row.height,
    fps: row.fps,
    videoCodec: row.video_codec,
    audioCodec: row.audio_codec,
    mimeType: row.mime_type,
    originalName: row.original_name,
    postCounts,
    platformPosts: platformPosts(posts),
    duplicateOf: row.duplicate_of ?? null,
    cover: coverJson(row),
  };
}

async function ownVideoRow(ctx: AppContext, userId: number, id: number): Promise<VideoRow> {
  const row = await findVideoOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Video');
  return row;
}

async function withPostCounts(ctx: AppContext, userId: number, row: VideoRow): Promise<Video> {
  const posts = await summarizePostsOfVideos(ctx.db, userId, { videoIds: [row.id] });
  return toVideoJson(row, posts.get(row.id));
}

export async function getVideo(ctx: AppContext, userId: number, id: number): Promise<Video> {
  return withPostCounts(ctx, userId, await ownVideoRow(ctx, userId, id));
}

async function applyChanges(ctx: AppContext, userId: number, id: number, changes: VideoChanges): Promise<Video> {
  const row = await updateVideoOfUser(ctx.db, id, userId, changes);
  if (!row) throw notFound('Video');
  return withPostCounts(ctx, userId, row);
}

/** The client reads durations the server could not ('0:00') from the media element and reports them here. */
export async function setDuration(ctx: AppContext, userId: number, id: number, duration: string): Promise<Video> {
  await ownVideoRow(ctx, userId, id);
  const seconds = parseDuration(duration);
  return applyChanges(ctx, userId, id, { durationSeconds: seconds > 0 ? seconds : null });
}

/** Trimmed, empties dropped, duplicates (ignoring case) removed, first spelling kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags.map((t) => t.trim()).filter(Boolean)) {
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

/** Statuses from which a video may be (re)marked ready; later ones belong to scheduling and publishing. */
const CAN_BECOME_READY: readonly string[] = ['awaiting-details', 'ready', 'failed'];

export async function updateDetails(
  ctx: AppContext,
  userId: number,
  id: number,
  body: UpdateVideoBody,
  /** The person saving (the owner's id is `userId`); the trail names them. */
  by: number = userId,
): Promise<Video> {
  const current = await ownVideoRow(ctx, userId, id);
  const changes: VideoChanges = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.tags !== undefined ? { tags: normalizeTags(body.tags) } : {}),
    ...(body.platforms !== undefined ? { platforms: [...new Set(body.platforms)] } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
  };
  const status = changes.status ?? current.status;
  if (body.status === 'ready' && !CAN_BECOME_READY.includes(current.status)) {
    throw conflict(`A ${current.status} video cannot be marked ready`, 'invalid_status');
  }
  if (status === 'ready') {
    const title = (changes.title ?? current.title).trim();
    const platforms = changes.platforms ?? current.platforms;
    if (!title) throw unprocessable('A ready video needs a title', 'title_required');
    if (platforms.length === 0) {
      throw unprocessable('Select at least one platform before marking the video ready', 'platforms_required');
    }
  }
  // The change and its event in the trail commit together.
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateVideoOfUser(trx, id, userId, changes);
    if (updated) await videoDetailsSaved(trx, updated, by);
    return updated;
  });
  if (!row) throw notFound('Video');
  return withPostCounts(ctx, userId, row);
}

/**
 * Deletes the caller's videos, all or nothing: one id that is not theirs and nothing is deleted, nor while one
 * of their posts is being published (409 `post_in_progress`): its upload may be under way. Their other posts
 * go with them (scheduled ones never start). Files are removed after the rows are gone, so no row ever points
 * at a missing file.
 */
export async function deleteVideos(ctx: AppContext, userId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const owned = await lockVideosOfUser(trx, unique, userId);
    if (owned.length !== unique.length) throw notFound('Video');
    // Locked, so the runner cannot claim a scheduled one between this check and the delete.
    const open = await lockOpenPostsOfVideos(trx, unique);
    const busy = owned.filter((v) => open.some((p) => p.video_id === v.id && p.status === 'publishing'));
    if (busy.length > 0) {
      const which = busy.length === 1 ? `"${busy[0]!.title}" is` : `${busy.length} of these videos are`;
      throw conflict(`${which} being published right now: wait until it ends, then delete`, 'post_in_progress');
    }
    // Their fitting copies and caption tracks go with them (the rows by cascade; a render under way stops when its
    // row is gone).
    const copies = await findRenditionFilesOfVideos(trx, unique);
    const captions = await findCaptionFilesOfVideos(trx, unique);
    return { rows: await deleteVideosOfUser(trx, unique, userId), copies: [...copies, ...captions] };
  });
  await removeStoredFiles(ctx, [
    ...deleted.rows.flatMap((r) => [r.filename, r.thumbnail_filename, r.cover_filename].filter((n) => n !== null)),
    ...deleted.copies,
  ]);
  const gone = new Set(deleted.rows.map((r) => r.id));
  return unique.filter((id) => gone.has(id));
}

/** Best effort: the rows are gone, so a file left behind only costs disk space. */
export async function removeStoredFiles(ctx: AppContext, names: string[]): Promise<void> {
  for (const name of names) {
    try {
      await ctx.storage.remove(name);
    } catch (err) {
      ctx.log.warn({ err, file: name }, 'could not remove a stored file');
    }
  }
}
