import type { PostError } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import {
  failForReconnect,
  holdForReconnect,
  listDuePostsOfConnection,
  lockConnectionOfPost,
  type Holder,
} from '../../repositories/reconnect-waits.repository';
import { postFailed } from '../activity/activity-moments';
import { notifyPostOutcome } from '../notifications/notify';
import { enqueuePublish } from './publish-queue';
import { platformLabel } from './step-failure';

/**
 * How long a post waits for its account to be connected again, from when it was due: a post a day late is
 * worse than none (the moment it was meant for has passed), so after that it fails and the person decides.
 */
export const RECONNECT_WAIT_MS = 24 * 3_600_000;

/** The post's own code while it waits, and when the wait ends without a reconnect. */
export const NEEDS_RECONNECT = 'needs_reconnect';

function waiting(platform: string, reason: string | null, platformCode: string | null): PostError {
  const name = platformLabel(platform);
  return {
    code: NEEDS_RECONNECT,
    message:
      `Waiting for the ${name} account to be reconnected on the Accounts screen: the post goes out once it is, ` +
      `or fails if that has not happened within 24 hours of its time.`,
    platformCode,
    platformMessage: reason,
  };
}

function tooLate(platform: string, reason: string | null): PostError {
  const name = platformLabel(platform);
  return {
    code: NEEDS_RECONNECT,
    message:
      `The ${name} account was not reconnected within 24 hours of the post's time, so it was not published. ` +
      `Reconnect it on the Accounts screen, then retry.`,
    platformCode: null,
    platformMessage: reason,
  };
}

/**
 * - `waiting`: the post is `scheduled` again, waiting for the reconnect (nothing was sent to the platform);
 * - `failed`: its wait is over, and it failed with code `needs_reconnect`;
 * - `go-on`: the account is connected (again), or its connection is gone: publish as usual;
 * - `gone`: the post is not the holder's any more (cancelled, taken, finished meanwhile).
 */
export type ReconnectWait = 'waiting' | 'failed' | 'go-on' | 'gone';

/**
 * A post whose account needs reconnecting: it waits, `scheduled`, without a call to the platform, until the
 * account is connected again (then it goes out: see `resumeWaitingPosts`) or its wait is over (then it fails).
 * `holder`: the run that holds it, or 'nobody' for a post found due. Decided under a share lock on the
 * connection, so a reconnect is either seen here or sees this post waiting.
 */
export async function waitForReconnect(
  ctx: AppContext,
  post: { id: number; platform: string },
  holder: Holder,
  platformCode: string | null = null,
): Promise<ReconnectWait> {
  let failed: PostRow | undefined;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<ReconnectWait> => {
    const connection = await lockConnectionOfPost(trx, post.id);
    if (connection?.status !== 'needs_reconnect') return 'go-on';
    const error = waiting(post.platform, connection.reason, platformCode);
    if (await holdForReconnect(trx, post.id, holder, error, RECONNECT_WAIT_MS)) return 'waiting';
    failed = await failForReconnect(trx, post.id, holder, tooLate(post.platform, connection.reason));
    if (!failed) return 'gone';
    await postFailed(trx, failed);
    return 'failed';
  });
  if (failed) {
    ctx.log.info({ postId: post.id }, 'post failed: its account was not reconnected in time');
    await notifyPostOutcome(ctx, failed, 'failed').catch(() => {});
  } else if (outcome === 'waiting') ctx.log.info({ postId: post.id }, 'post waits for its account to be reconnected');
  return outcome;
}

/**
 * Sends the connection's due posts to the runner now. A reconnect already made the posts that waited for it
 * due (migration 0027's trigger) and the minute's sweep would queue them; calling this after the reconnect
 * commits sends them at once instead. As many as may run on the account at once: the others follow as each
 * run hands its turn on.
 */
export async function resumeWaitingPosts(ctx: AppContext, connectionId: number): Promise<number> {
  const due = await listDuePostsOfConnection(ctx.db, connectionId, ctx.config.publishing.perConnection);
  for (const post of due) await enqueuePublish(ctx, post.id, post.dueAt);
  return due.length;
}
