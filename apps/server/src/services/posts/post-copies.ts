import { copyFacts, type RenditionRequest, type VideoFacts } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { RenditionRow } from '../../db/renditions.schema';
import type { VideoRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { findRenditionOfUser } from '../../repositories/renditions.repository';
import { planVideoFit } from '../fit/video-fit.service';
import { requestRendition } from '../renditions/renditions.service';
import { videoFacts } from './post-validation';
import type { PostPlan } from './schedule-posts';

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

/** What a post asks of its copy: a named one (`renditionId`), the default one (`fit`), or neither (the original). */
export interface CopyAsk {
  renditionId?: number;
  fit?: boolean;
  /** The copy the post sends already (a change that leaves it): judged by its facts, even when it failed. */
  kept?: boolean;
}

/**
 * The copy of one post, or null when it sends the video as uploaded (no copy asked for, or `fit` for a video
 * that already fits). A named copy must be the caller's (404), of this video (400 `rendition_mismatch`), and not
 * failed (409 `rendition_failed`); it is checked against the target platform's rules by its own facts.
 */
async function planCopy(
  ctx: AppContext,
  userId: number,
  plan: PostPlan,
  ask: CopyAsk | undefined,
): Promise<TargetCopy | null> {
  if (ask?.renditionId !== undefined && ask.fit)
    throw badRequest('Give renditionId or fit: true for a target, not both.', 'rendition_and_fit');
  if (ask?.renditionId !== undefined) {
    const row = await namedCopy(ctx, userId, plan.video, ask.renditionId, ask.kept);
    return { facts: await factsOfCopy(ctx, userId, plan.video, row, plan.connection.id), renditionId: row.id };
  }
  if (!ask?.fit) return null;
  const fitRequest = { connectionId: plan.connection.id, options: plan.draft.options };
  const { fit } = await planVideoFit(ctx, userId, plan.video.id, fitRequest);
  return fit.plan.steps.length === 0 ? null : { facts: copyFacts(videoFacts(plan.video), fit.plan.output), fitRequest };
}

/**
 * The copies of planned posts, as every way of making or changing a post asks for them: each plan is given its
 * copy's facts (checked instead of the video's). The answer asks for the `fit` copies (made once, or the same
 * copy reused) and gives each plan its copy's id: call it once every plan has passed, so a refusal makes no copy.
 */
export async function planCopies(
  ctx: AppContext,
  userId: number,
  plans: readonly PostPlan[],
  asks: readonly (CopyAsk | undefined)[],
  /** Given: a plan whose copy is refused is reported here and goes on without one (a CSV row's violation). */
  refused?: (plan: PostPlan, err: AppError) => void,
): Promise<() => Promise<void>> {
  const copies: (TargetCopy | null)[] = [];
  for (const [i, plan] of plans.entries()) {
    const copy = await planCopy(ctx, userId, plan, asks[i]).catch((err: unknown) => {
      if (!refused || !(err instanceof AppError)) throw err;
      refused(plan, err);
      return null;
    });
    if (copy) plan.facts = copy.facts;
    copies.push(copy);
  }
  return async () => {
    for (const [i, plan] of plans.entries()) {
      const copy = copies[i];
      plan.renditionId = copy?.fitRequest
        ? (await requestRendition(ctx, userId, plan.video.id, copy.fitRequest)).rendition.id
        : (copy?.renditionId ?? null);
    }
  };
}

async function namedCopy(ctx: AppContext, userId: number, video: VideoRow, id: number, kept = false) {
  const row = await findRenditionOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Rendition');
  if (row.video_id !== video.id)
    throw badRequest(`Copy ${id} is a copy of another video, not of "${video.title}".`, 'rendition_mismatch');
  // A copy made for one platform may go to another: the same settings give one copy (Make vertical for TikTok
  // and for Instagram), and the post is checked against the copy's own facts, so a copy that breaks the target
  // platform's rules is refused with those rules like any video.
  // A post's own failed copy does not stop other changes: the post fails with its reason when due.
  if (row.status === 'failed' && !kept)
    throw conflict(
      `Copy ${id} could not be made (${row.error?.message ?? 'no reason given'}); ask for it again before posting it.`,
      'rendition_failed',
    );
  return row;
}
