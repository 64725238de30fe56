import type { PostError } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import { holdForCopy, listDuePostsOfCopy, lockCopyOfPost } from '../../repositories/copy-waits.repository';
import { failForReconnect } from '../../repositories/reconnect-waits.repository';
import { postFailed } from '../activity/activity-moments';
import { notifyPostOutcome } from '../notifications/notify';
import { enqueuePublish } from './publish-queue';
import { platformLabel } from './step-failure';

/** The post's code while it waits for its copy. */
export const WAITING_FOR_COPY = 'waiting_for_copy';

const failure = (code: string, message: string): PostError => ({
  code,
  message,
  platformCode: null,
  platformMessage: null,
});

const waiting = (platform: string) =>
  failure(
    WAITING_FOR_COPY,
    `Waiting for its fitting copy for ${platformLabel(platform)} to be made: the post goes out as soon as the copy is ready.`,
  );

const copyFailed = (platform: string, reason: string | undefined) =>
  failure(
    'rendition_failed',
    `The fitting copy for ${platformLabel(platform)} could not be made, so the post was not published. ` +
      `${reason ?? 'No reason was given.'}`,
  );

const copyGone = (platform: string) =>
  failure(
    'rendition_missing',
    `The fitting copy this post was to send to ${platformLabel(platform)} was deleted, so it was not published ` +
      '(the video as uploaded was not sent in its place). Make the copy again, then post the video again.',
  );

/**
 * - `go-on`: the copy is ready: publish it;
 * - `waiting`: the post waits, `scheduled`, for its copy (nothing was sent, no attempt counted);
 * - `failed`: the copy failed or was deleted: the post failed with why (`rendition_failed`, `rendition_missing`);
 * - `gone`: the post is no longer due and unheld (cancelled, taken, finished meanwhile).
 */
export type CopyWait = 'go-on' | 'waiting' | 'failed' | 'gone';

/**
 * A due post that sends a fitting copy, before it is claimed: decided under a share lock on the copy, so the
 * render's end (which makes the post's waiting end: migration 0043's trigger) is either seen here or sees the
 * post waiting. Rendering is not a publishing step: no step timeout, no lease, however long it takes.
 */
export async function waitForCopy(ctx: AppContext, post: { id: number; platform: string }): Promise<CopyWait> {
  let failed: PostRow | undefined;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<CopyWait> => {
    const copy = await lockCopyOfPost(trx, post.id);
    if (copy?.status === 'ready') return 'go-on';
    if (copy && copy.status !== 'failed')
      return (await holdForCopy(trx, post.id, copy, waiting(post.platform))) ? 'waiting' : 'gone';
    const error = copy ? copyFailed(post.platform, copy.error?.message) : copyGone(post.platform);
    failed = await failForReconnect(trx, post.id, 'nobody', error);
    if (!failed) return 'gone';
    await postFailed(trx, failed);
    return 'failed';
  });
  if (failed) {
    ctx.log.info({ postId: post.id, code: failed.error?.code }, 'post failed: its fitting copy could not be sent');
    await notifyPostOutcome(ctx, failed, 'failed').catch(() => {});
  } else if (outcome === 'waiting') ctx.log.info({ postId: post.id }, 'post waits for its fitting copy');
  return outcome;
}

/**
 * Sends the copy's waiting posts to the runner now that the copy has ended (ready: they publish it; failed:
 * they fail with its reason). Its end made them due already, in its own transaction, so whatever this misses
 * (the process died in between) the minute's sweep queues.
 */
export async function resumePostsOfCopy(ctx: AppContext, renditionId: number): Promise<void> {
  try {
    for (const post of await listDuePostsOfCopy(ctx.db, renditionId)) await enqueuePublish(ctx, post.id, post.dueAt);
  } catch (err) {
    ctx.log.warn({ err, renditionId }, 'could not send the posts of a finished copy; the sweep sends them shortly');
  }
}
