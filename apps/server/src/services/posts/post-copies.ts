import { copyFacts, type PostTarget, type RenditionRequest, type VideoFacts } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { RenditionRow } from '../../db/renditions.schema';
import type { VideoRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findRenditionOfUser } from '../../repositories/renditions.repository';
import { planVideoFit } from '../fit/video-fit.service';
import { requestRendition } from '../renditions/renditions.service';
import { videoFacts } from './post-validation';

/**
 * The fitting copy a target sends (`targets[].renditionId`, or `fit: true`): the facts the post is checked
 * against (the copy's, not the original's), and the copy itself, named or still to be asked for.
 */
export interface TargetCopy {
  facts: VideoFacts;
  renditionId?: number;
  /** `fit: true`: the default copy, asked for once the posts have passed their checks. */
  fitRequest?: RenditionRequest;
}

/** A ready copy's facts as the contracts' `copyFacts` reads them. */
const readyFacts = (row: RenditionRow) => ({
  width: row.width,
  height: row.height,
  fps: row.fps,
  durationMs: row.duration_ms,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
});

/**
 * The facts of a copy as a post to `connectionId` sends it: its plan's output, or its own once ready. The plan is
 * the copy's as it was asked for (its own connection and options: a copy is the same file whichever platform it
 * goes to); only when that connection is gone is it planned for the post's.
 */
async function factsOfCopy(
  ctx: AppContext,
  userId: number,
  video: VideoRow,
  row: RenditionRow,
  connectionId: number,
): Promise<VideoFacts> {
  const own = row.request as RenditionRequest;
  const { fit } = await planVideoFit(ctx, userId, video.id, own).catch(() =>
    planVideoFit(ctx, userId, video.id, { ...own, connectionId }),
  );
  return copyFacts(videoFacts(video), fit.plan.output, row.status === 'ready' ? readyFacts(row) : null);
}

/**
 * Before a post that sends a copy is retried: the facts a correction is checked against (the copy's; undefined
 * for a post that sends the video as uploaded, or whose copy is gone), and a failed copy asked for again, so
 * the retry waits for the new render instead of failing at once on the old one.
 */
export async function copyBeforeRetry(
  ctx: AppContext,
  userId: number,
  video: VideoRow,
  post: { rendition_id: number | null },
  connectionId: number,
): Promise<VideoFacts | undefined> {
  const row = post.rendition_id === null ? undefined : await findRenditionOfUser(ctx.db, post.rendition_id, userId);
  if (!row) return undefined;
  if (row.status === 'failed')
    await requestRendition(ctx, userId, video.id, { ...(row.request as RenditionRequest), connectionId });
  return factsOfCopy(ctx, userId, video, row, connectionId);
}

/**
 * The copy of each target, or null when it sends the video as uploaded (no copy asked for, or `fit: true` for
 * a video that already fits). A named copy must be the caller's (404), of this video (400 `rendition_mismatch`),
 * and not failed (409 `rendition_failed`); it is checked against the target platform's rules by its own facts.
 */
export async function planTargetCopies(
  ctx: AppContext,
  userId: number,
  video: VideoRow,
  targets: readonly PostTarget[],
  connections: readonly PlatformConnectionRow[],
): Promise<(TargetCopy | null)[]> {
  const copies: (TargetCopy | null)[] = [];
  for (const [i, target] of targets.entries()) {
    const connection = connections[i]!;
    if (target.renditionId !== undefined && target.fit)
      throw badRequest('Give renditionId or fit: true for a target, not both.', 'rendition_and_fit');
    if (target.renditionId !== undefined) {
      const row = await namedCopy(ctx, userId, video, target, target.renditionId);
      copies.push({ facts: await factsOfCopy(ctx, userId, video, row, connection.id), renditionId: row.id });
    } else if (target.fit) {
      const fitRequest = { connectionId: connection.id, ...(target.options ? { options: target.options } : {}) };
      const { fit } = await planVideoFit(ctx, userId, video.id, fitRequest);
      copies.push(
        fit.plan.steps.length === 0 ? null : { facts: copyFacts(videoFacts(video), fit.plan.output), fitRequest },
      );
    } else copies.push(null);
  }
  return copies;
}

async function namedCopy(ctx: AppContext, userId: number, video: VideoRow, target: PostTarget, id: number) {
  const row = await findRenditionOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Rendition');
  if (row.video_id !== video.id)
    throw badRequest(`Copy ${id} is a copy of another video, not of "${video.title}".`, 'rendition_mismatch');
  // A copy made for one platform may go to another: the same settings give one copy (Make vertical for TikTok
  // and for Instagram), and the post is checked against the copy's own facts, so a copy that breaks the target
  // platform's rules is refused with those rules like any video.
  if (row.status === 'failed')
    throw conflict(
      `Copy ${id} could not be made (${row.error?.message ?? 'no reason given'}); ask for it again before posting it.`,
      'rendition_failed',
    );
  return row;
}

/** Asks for the `fit: true` copies (made once, or the same copy reused) and answers each target's copy id. */
export async function requestTargetCopies(
  ctx: AppContext,
  userId: number,
  videoId: number,
  copies: readonly (TargetCopy | null)[],
): Promise<(number | null)[]> {
  const ids: (number | null)[] = [];
  for (const copy of copies) {
    if (copy?.fitRequest) ids.push((await requestRendition(ctx, userId, videoId, copy.fitRequest)).rendition.id);
    else ids.push(copy?.renditionId ?? null);
  }
  return ids;
}
