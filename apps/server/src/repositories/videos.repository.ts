import { emptyPostCounts, POST_STATUSES, type PostCounts, type PostStatus } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { VideoRow } from '../db/schema';
import { visibleTo } from './member-places.repository';
import { findCaptionFileNames } from './video-captions.repository';

/** The database or a transaction on it. */
type Executor = DB;

export interface NewVideo {
  userId: number;
  projectId: number;
  title: string;
  status: string;
  durationSeconds: number | null;
  sizeBytes: number;
  filename: string;
  thumbnailFilename: string | null;
  thumbnailBytes: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  mimeType: string;
  originalName: string;
  /** Hex SHA-256 of the file as received; absent when the protocol could not compute it. */
  contentSha256?: string | null;
  /** The video of the same file already in the project, when this copy was kept as a marked duplicate. */
  duplicateOf?: number | null;
  /** Whether an MP4/MOV file's index comes first; absent or null when not known. */
  faststart?: boolean | null;
  /** Defaults to now (bulk seeding spreads uploads over time). */
  createdAt?: Date;
}

export interface VideoChanges {
  title?: string;
  description?: string;
  tags?: string[];
  platforms?: string[];
  status?: string;
  durationSeconds?: number | null;
}

export type VideoSearchRow = VideoRow & { project_name: string; username: string; sort_key: string };

/** Keyset of the search's order (updated_at desc, id desc): only rows after (at, id). */
export interface UpdatedPosition {
  /** updated_at to the microsecond (UPDATED_KEY). */
  at: string;
  id: number;
}

/** updated_at to the microsecond, as text that casts back to the same timestamptz. */
export const updatedKeySql = (table: 'videos' | 'posts') =>
  sql<string>`to_char(${sql.ref(`${table}.updated_at`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A new video as its row's columns. */
function videoValues(v: NewVideo) {
  return {
    user_id: v.userId,
    project_id: v.projectId,
    title: v.title,
    status: v.status,
    duration_seconds: v.durationSeconds,
    size_bytes: v.sizeBytes,
    filename: v.filename,
    thumbnail_filename: v.thumbnailFilename,
    thumbnail_bytes: v.thumbnailBytes,
    width: v.width,
    height: v.height,
    fps: v.fps,
    video_codec: v.videoCodec,
    audio_codec: v.audioCodec,
    mime_type: v.mimeType,
    original_name: v.originalName,
    content_sha256: v.contentSha256 ?? null,
    duplicate_of: v.duplicateOf ?? null,
    faststart: v.faststart ?? null,
  };
}

export async function insertVideo(db: Executor, v: NewVideo): Promise<VideoRow> {
  return db.insertInto('videos').values(videoValues(v)).returningAll().executeTakeFirstOrThrow();
}

/** Many rows in one statement per batch (imports, and seeding large libraries for tests and benchmarks). */
export async function insertVideoRows(db: Executor, videos: readonly NewVideo[], batchSize = 1000): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < videos.length; i += batchSize) {
    const rows = await db
      .insertInto('videos')
      .values(
        videos.slice(i, i + batchSize).map((v) => ({
          ...videoValues(v),
          ...(v.createdAt ? { created_at: v.createdAt, updated_at: v.createdAt } : {}),
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function findVideoOfUser(db: Executor, id: number, userId: number): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's videos among `ids` (in no particular order); other people's are simply absent. */
export async function findVideosOfUser(db: Executor, ids: readonly number[], userId: number): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('videos').selectAll().where('id', 'in', ids).where('user_id', '=', userId).execute();
}

/** Locks the rows, so a concurrent delete cannot slip between the ownership check and the delete. */
export async function lockVideosOfUser(db: Executor, ids: number[], userId: number): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('videos').selectAll().where('id', 'in', ids).where('user_id', '=', userId).forUpdate().execute();
}

export async function updateVideoOfUser(
  db: Executor,
  id: number,
  userId: number,
  changes: VideoChanges,
): Promise<VideoRow | undefined> {
  return db
    .updateTable('videos')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.tags !== undefined ? { tags: JSON.stringify(changes.tags) } : {}),
      ...(changes.platforms !== undefined ? { platforms: JSON.stringify(changes.platforms) } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.durationSeconds !== undefined ? { duration_seconds: changes.durationSeconds } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteVideosOfUser(db: Executor, ids: number[], userId: number): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  return db.deleteFrom('videos').where('id', 'in', ids).where('user_id', '=', userId).returningAll().execute();
}

/** Which of `names` a video (its file, its thumbnail or its cover) refers to. */
export async function findReferencedFileNames(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('videos')
    .select(['filename', 'thumbnail_filename', 'cover_filename'])
    .where((eb) =>
      eb.or([eb('filename', 'in', names), eb('thumbnail_filename', 'in', names), eb('cover_filename', 'in', names)]),
    )
    .execute();
  // A video's fitting copies (renditions) are its files too.
  const copies = await db.selectFrom('renditions').select('storage_key').where('storage_key', 'in', names).execute();
  const captions = await findCaptionFileNames(db, names);
  return new Set([
    ...captions,
    ...rows.flatMap((row) => [row.filename, row.thumbnail_filename ?? '', row.cover_filename ?? '']),
    ...copies.map((c) => c.storage_key ?? ''),
  ]);
}

/** Bytes the user's videos, thumbnails and covers take. */
export async function sumStorageOfUser(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select(sql<number>`coalesce(sum(size_bytes + thumbnail_bytes + cover_bytes), 0)`.as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** `\`, `%` and `_` match themselves. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match on title, description or any tag (every video when `text` is undefined:
 * the Recent list); most recently changed first.
 */
export async function searchVideosOfUser(
  db: Executor,
  userId: number,
  text: string | undefined,
  limit: number,
  after?: UpdatedPosition,
): Promise<VideoSearchRow[]> {
  let query = db
    .selectFrom('videos')
    .innerJoin('projects', 'projects.id', 'videos.project_id')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .selectAll('videos')
    .select(['projects.name as project_name', 'users.username as username', updatedKeySql('videos').as('sort_key')])
    .where(visibleTo('videos', userId, 'see_library'));
  if (after)
    query = query.where(sql<boolean>`(videos.updated_at, videos.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  if (text !== undefined) {
    const pattern = likeContains(text);
    query = query.where((eb) =>
      eb.or([
        eb('videos.title', 'ilike', pattern),
        eb('videos.description', 'ilike', pattern),
        sql<boolean>`exists (select 1 from jsonb_array_elements_text(videos.tags) as t(tag) where t.tag ilike ${pattern})`,
      ]),
    );
  }
  return query.orderBy('videos.updated_at', 'desc').orderBy('videos.id', 'desc').limit(limit).execute();
}

/** A video's posts as lists show them: counted by status, and the status of each platform's current post. */
export interface VideoPostSummary {
  counts: PostCounts;
  /** Per platform its newest post that is not cancelled; platforms without one are absent. */
  platforms: { platform: string; status: PostStatus }[];
}

export const emptyPostSummary = (): VideoPostSummary => ({ counts: emptyPostCounts(), platforms: [] });

/**
 * Each video's posts, in one statement (lists of thousands of videos stay one query). For each platform only
 * its newest post that is not cancelled counts: a failed post that a newer post to the same platform replaced
 * is history. Cancelled posts are all counted. Videos without posts are absent.
 */
export async function summarizePostsOfVideos(
  db: Executor,
  userId: number,
  scope: { projectId?: number; videoIds?: readonly number[] } = {},
): Promise<Map<number, VideoPostSummary>> {
  if (scope.videoIds && scope.videoIds.length === 0) return new Map();
  const where = sql.join(
    [
      sql`user_id = ${userId}`,
      ...(scope.projectId !== undefined ? [sql`project_id = ${scope.projectId}`] : []),
      ...(scope.videoIds ? [sql`video_id in (${sql.join(scope.videoIds)})`] : []),
    ],
    sql` and `,
  );
  const { rows } = await sql<{ video_id: number; platform: string | null; status: PostStatus; n: number | string }>`
    select video_id, platform, status, 1 as n from (
      select distinct on (video_id, platform) video_id, platform, status from posts
      where ${where} and status <> 'cancelled'
      order by video_id, platform, id desc
    ) current_posts
    union all
    select video_id, null, 'cancelled', count(*) from posts where ${where} and status = 'cancelled' group by video_id
  `.execute(db);
  const summaries = new Map<number, VideoPostSummary>();
  for (const row of rows) {
    if (!POST_STATUSES.includes(row.status)) continue;
    const entry = summaries.get(row.video_id) ?? emptyPostSummary();
    entry.counts[row.status] += Number(row.n);
    if (row.platform !== null) entry.platforms.push({ platform: row.platform, status: row.status });
    summaries.set(row.video_id, entry);
  }
  return summaries;
}

// --- Content hash -------------------------------------------------------------------------------------

/** The project's videos whose file has this SHA-256 (the same file uploaded before), oldest first. */
export async function findVideosOfProjectByContentHash(
  db: Executor,
  projectId: number,
  contentSha256: string,
): Promise<VideoRow[]> {
  return db
    .selectFrom('videos')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('content_sha256', '=', contentSha256)
    .orderBy('id')
    .execute();
}

/** Whether the project has a video of exactly `sizeBytes` whose content hash is known. */
export async function projectHasHashedVideoOfSize(
  db: Executor,
  projectId: number,
  sizeBytes: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('videos')
    .select('id')
    .where('project_id', '=', projectId)
    .where('size_bytes', '=', sizeBytes)
    .where('content_sha256', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The size of the project's largest video whose content hash is known (0 when none). */
export async function largestHashedVideoSize(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select(sql<number>`coalesce(max(size_bytes), 0)`.as('largest'))
    .where('project_id', '=', projectId)
    .where('content_sha256', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.largest);
}
