import fs from 'node:fs/promises';
import { COVER_IMAGE_MAX_BYTES, type Video } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { VideoRow } from '../../db/schema';
import { badRequest, conflict, notFound, payloadTooLarge } from '../../http/errors';
import { imageFacts } from '../../media/image-facts';
import { lockUser } from '../../repositories/users.repository';
import { NO_COVER, setCoverOfVideo, type CoverColumns } from '../../repositories/video-covers.repository';
import { findVideoOfUser, summarizePostsOfVideos } from '../../repositories/videos.repository';
import { randomName, tempPath } from '../../storage/temp-file';
import { usedBytes } from '../storage-usage.service';
import { quotaExceeded } from '../uploads/accept-upload';
import { removeStoredFiles, toVideoJson } from '../videos.service';

const MB = COVER_IMAGE_MAX_BYTES / 1024 / 1024;

async function ownVideo(ctx: AppContext, userId: number, id: number): Promise<VideoRow> {
  const row = await findVideoOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Video');
  return row;
}

/**
 * Records `cover` (whose file, if any, is already stored) in place of the video's cover, within the quota (the
 * user's row locked while summing, as uploads do), then removes the file of the cover it replaced. Whatever
 * fails, the new file goes: no row points at a missing file and no file is left that no row points at.
 */
async function replaceCover(ctx: AppContext, userId: number, id: number, cover: CoverColumns): Promise<Video> {
  let previous: string | null = null;
  let row: VideoRow;
  try {
    row = await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const current = await findVideoOfUser(trx, id, userId);
      if (!current) throw notFound('Video');
      const used = await usedBytes(ctx, userId, trx);
      const quota = ctx.config.storageQuotaBytes;
      if (cover.bytes > 0 && used - current.cover_bytes + cover.bytes > quota)
        throw quotaExceeded(used, quota, 'cover');
      previous = current.cover_filename;
      const updated = await setCoverOfVideo(trx, id, userId, cover);
      if (!updated) throw notFound('Video');
      return updated;
    });
  } catch (err) {
    if (cover.filename) await removeStoredFiles(ctx, [cover.filename]);
    throw err;
  }
  if (previous && previous !== cover.filename) await removeStoredFiles(ctx, [previous]);
  const posts = await summarizePostsOfVideos(ctx.db, userId, { videoIds: [row.id] });
  return toVideoJson(row, posts.get(row.id));
}

/** Moves a finished temp file into the storage under a new name; the temp file is gone either way. */
async function storeTemp(ctx: AppContext, temp: string, extension: string) {
  const name = `${randomName()}.${extension}`;
  try {
    return { name, bytes: (await ctx.storage.putFile(name, temp)).size };
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * A frame of the video as its cover: `frameMs` from the start, less than its duration. A JPEG still of the frame
 * is made for the preview; a frame ffmpeg cannot decode is still the choice (the platforms seek it themselves),
 * shown without a still.
 */
export async function setCoverFrame(ctx: AppContext, userId: number, id: number, frameMs: number): Promise<Video> {
  const video = await ownVideo(ctx, userId, id);
  if (!video.duration_seconds) {
    throw conflict("This video's duration is not known, so no frame of it can be chosen", 'duration_unknown');
  }
  const durationMs = Math.floor(video.duration_seconds * 1000);
  if (frameMs >= durationMs) {
    throw badRequest(
      `The cover frame must be before the end of the video: from 0 to ${durationMs - 1} ms (it lasts ${durationMs} ms)`,
      'frame_out_of_range',
    );
  }
  const temp = tempPath(ctx.config.tmpDir, 'jpg');
  let still: { name: string; bytes: number } | null = null;
  try {
    const made = await ctx.storage.withLocalFile(video.filename, (local) =>
      ctx.media.makeStill(local, temp, frameMs / 1000),
    );
    if (made) still = await storeTemp(ctx, temp, 'jpg');
  } catch (err) {
    ctx.log.warn({ err, videoId: id }, 'could not make a still of the cover frame');
  } finally {
    await fs.rm(temp, { force: true });
  }
  return replaceCover(ctx, userId, id, {
    ...NO_COVER,
    kind: 'frame',
    frameMs,
    filename: still?.name ?? null,
    bytes: still?.bytes ?? 0,
  });
}

/** An uploaded JPEG or PNG image as the cover, recognised by its bytes; at most COVER_IMAGE_MAX_BYTES. */
export async function setCoverImage(ctx: AppContext, userId: number, id: number, bytes: Buffer): Promise<Video> {
  await ownVideo(ctx, userId, id);
  if (bytes.length === 0) throw badRequest('Send the cover image (a JPEG or PNG file) as the body', 'missing_file');
  if (bytes.length > COVER_IMAGE_MAX_BYTES) throw coverTooLarge();
  const facts = imageFacts(bytes);
  if (!facts) throw badRequest('The cover must be a JPEG or PNG image; this file is neither', 'not_an_image');
  const temp = tempPath(ctx.config.tmpDir, facts.extension);
  await fs.writeFile(temp, bytes);
  const stored = await storeTemp(ctx, temp, facts.extension);
  return replaceCover(ctx, userId, id, {
    kind: 'image',
    frameMs: null,
    filename: stored.name,
    bytes: stored.bytes,
    width: facts.width,
    height: facts.height,
    mimeType: facts.mimeType,
  });
}

export const coverTooLarge = () =>
  payloadTooLarge(
    `The cover image is larger than ${MB} MB, the most YouTube takes for a thumbnail: send a smaller JPEG or PNG`,
    'cover_too_large',
  );

/** No cover any more: each platform picks its own. */
export async function removeCover(ctx: AppContext, userId: number, id: number): Promise<Video> {
  await ownVideo(ctx, userId, id);
  return replaceCover(ctx, userId, id, NO_COVER);
}
