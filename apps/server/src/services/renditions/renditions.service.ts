import { createHash } from 'node:crypto';
import { targetVideoLimits, type Rendition, type RenditionRequest } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { RenditionRow } from '../../db/renditions.schema';
import { conflict, notFound } from '../../http/errors';
import {
  deleteRenditionOfUser,
  findRenditionOfUser,
  insertOrFindRendition,
  listRenditionsOfVideo,
  requeueFailedRendition,
} from '../../repositories/renditions.repository';
import { lockUser } from '../../repositories/users.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { planVideoFit } from '../fit/video-fit.service';
import { usedBytes } from '../storage-usage.service';
import { quotaExceeded } from '../uploads/accept-upload';
import { removeStoredFiles } from '../videos.service';
import { burnedOf, captionToBurn } from './burn-captions';
import { queueRender } from './render-queue';
import { toRenditionJson } from './rendition-json';

/** The copy's name among its video's: the same steps make the same copy, whichever target asked for them. */
export function renditionKey(videoId: number, steps: unknown): string {
  return createHash('sha256')
    .update(`${videoId}\0${JSON.stringify(steps)}`)
    .digest('hex');
}

/**
 * POST /api/videos/:id/renditions. The plan is the fit check's; a video that already fits has nothing to make
 * (409 `video_already_fits`). The same settings answer the copy already made or on its way (`created` false); a
 * failed one asked again starts over. A new copy must fit the owner's storage left, counting what it is expected
 * to weigh (413 `quota_exceeded`), checked under the user's lock as uploads are, so two requests cannot both
 * pass on the same room.
 */
export async function requestRendition(
  ctx: AppContext,
  userId: number,
  videoId: number,
  body: RenditionRequest,
): Promise<{ rendition: Rendition; created: boolean }> {
  const { video, connection, platform, fit } = await planVideoFit(ctx, userId, videoId, body);
  const { steps, output } = fit.plan;
  if (steps.length === 0) {
    throw conflict(
      `This video already fits ${targetVideoLimits(platform, body.options).name} as it is: there is no copy to make.`,
      'video_already_fits',
    );
  }
  // The track's stored file is part of the key: a new file for that language makes a new copy.
  const burn = body.burnCaptions === undefined ? null : await captionToBurn(ctx, userId, video.id, body.burnCaptions);
  const key = renditionKey(video.id, burn ? [...steps, { burn: burn.filename }] : steps);
  const estimatedBytes = output.estimatedBytes ?? video.size_bytes;
  const quota = ctx.config.storageQuotaBytes;
  const { row, created } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const candidate = {
      videoId: video.id,
      userId,
      projectId: video.project_id,
      platform,
      connectionId: connection.id,
      key,
      // What was burned, kept beside the request: the copy says it (language, file) after the track changes.
      request: burn ? { ...body, burned: burnedOf(burn) } : body,
      steps,
      estimatedBytes,
    };
    const existing = await trx
      .selectFrom('renditions')
      .select(['id', 'status'])
      .where('video_id', '=', video.id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing && existing.status !== 'failed') return insertOrFindRendition(trx, candidate);
    const used = await usedBytes(ctx, userId, trx);
    if (used + estimatedBytes > quota) throw quotaExceeded(used, quota);
    if (!existing) return insertOrFindRendition(trx, candidate);
    return { row: (await requeueFailedRendition(trx, existing.id, estimatedBytes))!, created: true };
  });
  // Sent after the commit; a send that fails is made good by the sweep, which queues every copy left waiting.
  if (created) await queueRender(ctx, row).catch((err) => ctx.log.warn({ err }, 'could not queue a render'));
  return { rendition: toRenditionJson(row), created };
}

/** GET /api/videos/:id/renditions: the video's copies, oldest first. */
export async function listRenditions(ctx: AppContext, userId: number, videoId: number): Promise<Rendition[]> {
  if (!(await findVideoOfUser(ctx.db, videoId, userId))) throw notFound('Video');
  return (await listRenditionsOfVideo(ctx.db, videoId)).map(toRenditionJson);
}

/**
 * DELETE /api/renditions/:id. The row goes first, so the quota is free at once; a render under way sees its row
 * gone at its next progress write and stops ffmpeg; the stored file, when there is one, is removed after.
 */
export async function deleteRendition(ctx: AppContext, userId: number, id: number): Promise<void> {
  const deleted = await deleteRenditionOfUser(ctx.db, id, userId);
  if (!deleted) throw notFound('Rendition');
  if (deleted.storage_key) await removeStoredFiles(ctx, [deleted.storage_key]);
}

/** The caller's ready copy, for GET /api/renditions/:id/file (409 `rendition_not_ready` before it is). */
export async function readyRendition(ctx: AppContext, userId: number, id: number): Promise<RenditionRow> {
  const row = await findRenditionOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Rendition');
  if (row.status !== 'ready' || !row.storage_key)
    throw conflict(`This copy is ${row.status}, not ready yet: its file comes once it is.`, 'rendition_not_ready');
  return row;
}
