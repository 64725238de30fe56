import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { countPublishOutcome } from '../../metrics-registry';
import { claimPost, findDuePost, nextDuePostOfConnection } from '../../repositories/post-runs.repository';
import { busyRetryAt } from './publish-backoff';
import { enqueuePublish } from './publish-queue';
import { runClaimedPost, type RunOutcome } from './publish-run';
import { takePlatformSlot } from './platform-slots';

export type PublishJobOutcome = RunOutcome | 'not-due' | 'connection-busy' | 'platform-busy';

/**
 * The `posts.publish` job: claims the post if it is still due and nobody holds it, then publishes it. A job
 * for a post that was cancelled, rescheduled, finished or taken by another run does nothing; so does a
 * job sent twice. A post whose connection (PUBLISH_CONNECTION_CONCURRENCY, across processes) or platform
 * (PUBLISH_PLATFORM_CONCURRENCY, in this process) is busy stays unclaimed and is looked at again a few
 * seconds later; a connection is also handed on to its next due post as soon as a run on it ends.
 */
export async function runPublishJob(ctx: AppContext, postId: number): Promise<{ outcome: PublishJobOutcome }> {
  const due = await findDuePost(ctx.db, postId);
  if (!due) return { outcome: 'not-due' };
  const giveBack = takePlatformSlot(ctx, due.platform, postId);
  if (!giveBack) {
    await enqueuePublish(ctx, postId, busyRetryAt(postId));
    return { outcome: 'platform-busy' };
  }
  let claimed = false;
  try {
    const runId = randomUUID();
    const claim = await claimPost(ctx.db, {
      postId,
      connectionId: due.connectionId,
      runId,
      leaseMs: ctx.config.publishing.leaseMs,
      connectionLimit: ctx.config.publishing.perConnection,
    });
    if (claim.kind === 'gone') return { outcome: 'not-due' };
    if (claim.kind === 'busy') {
      await enqueuePublish(ctx, postId, busyRetryAt(postId));
      return { outcome: 'connection-busy' };
    }
    claimed = true;
    const outcome = await runClaimedPost(ctx, claim.row, runId);
    countPublishOutcome(due.platform, outcome);
    return { outcome };
  } finally {
    const nextOfPlatform = giveBack();
    await handOn(ctx, nextOfPlatform, claimed ? due.connectionId : null);
  }
}

/**
 * The platform slot, and the connection if the run held it, are free again: the post that has waited longest
 * for each goes now rather than at its next look.
 */
async function handOn(ctx: AppContext, nextOfPlatform: number | undefined, connectionId: number | null) {
  try {
    if (nextOfPlatform !== undefined) await enqueuePublish(ctx, nextOfPlatform, new Date());
    const next = connectionId === null ? undefined : await nextDuePostOfConnection(ctx.db, connectionId);
    if (next !== undefined && next !== nextOfPlatform) await enqueuePublish(ctx, next, new Date());
  } catch (err) {
    ctx.log.warn({ err, connectionId }, 'could not hand a free slot on; the waiting posts look again shortly');
  }
}
