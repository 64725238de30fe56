import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { countPublishOutcome } from '../../metrics-registry';
import { markOverdueApprovals } from '../../repositories/post-approval.repository';
import { claimPost, findDuePost, nextDuePostOfConnection } from '../../repositories/post-runs.repository';
import { waitForCopy } from './copy-wait';
import { enqueuePublish } from './publish-queue';
import { runClaimedPost, type RunOutcome } from './publish-run';
import { nextWaitingPost, takePlatformSlot } from './platform-slots';
import { waitForReconnect } from './reconnect-wait';

export type PublishJobOutcome =
  RunOutcome | 'not-due' | 'approval-overdue' | 'connection-busy' | 'platform-busy' | 'waiting-for-copy';

/**
 * The `posts.publish` job: claims the post if it is still due and nobody holds it, then publishes it. A job
 * for a post that was cancelled, rescheduled, finished or taken by another run does nothing; so does a
 * job sent twice. A post whose connection (PUBLISH_CONNECTION_CONCURRENCY, across processes) or platform
 * (PUBLISH_PLATFORM_CONCURRENCY, in this process) is busy stays unclaimed, and no job is queued for it: when
 * a run ends, its platform slot goes to the post of that platform that has waited longest in this process, and
 * its connection to the connection's post that has waited longest (handOn). Whatever that misses (the
 * process died with posts waiting in it) the minute's sweep queues again. A job per busy post every few
 * seconds instead filled the queue faster than posts ran when thousands were due at once. A post whose account
 * needs reconnecting is neither claimed nor sent: it waits for the reconnect (reconnect-wait.ts); so does one
 * whose fitting copy is still being made: it waits for the copy (copy-wait.ts). A post awaiting approval is
 * never claimed (the claim takes `scheduled` and `publishing` only); at its time it is marked `approval_overdue`.
 */
export async function runPublishJob(ctx: AppContext, postId: number): Promise<{ outcome: PublishJobOutcome }> {
  const due = await findDuePost(ctx.db, postId);
  // A post still awaiting approval at its time is never claimed: it is marked overdue and waits on.
  if (!due)
    return { outcome: (await markOverdueApprovals(ctx.db, postId)).length > 0 ? 'approval-overdue' : 'not-due' };
  if (due.needsReconnect) {
    // No claim and no call to the platform: the post waits for the reconnect, or fails once it has waited too long.
    const wait = await waitForReconnect(ctx, due, 'nobody');
    if (wait === 'gone') return { outcome: 'not-due' };
    if (wait !== 'go-on') {
      const outcome = wait === 'waiting' ? 'needs-reconnect' : 'failed';
      countPublishOutcome(due.platform, outcome);
      return { outcome };
    }
  }
  if (due.needsCopy) {
    const wait = await waitForCopy(ctx, due);
    if (wait === 'gone') return { outcome: 'not-due' };
    if (wait !== 'go-on') {
      const outcome = wait === 'waiting' ? 'waiting-for-copy' : 'failed';
      countPublishOutcome(due.platform, outcome);
      return { outcome };
    }
  }
  const giveBack = takePlatformSlot(ctx, due.platform, postId);
  if (!giveBack) return { outcome: 'platform-busy' };
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
    if (claim.kind === 'busy') return { outcome: 'connection-busy' };
    claimed = true;
    const outcome = await runClaimedPost(ctx, claim.row, runId);
    countPublishOutcome(due.platform, outcome);
    return { outcome };
  } finally {
    giveBack();
    await handOn(ctx, due.platform, claimed ? due.connectionId : null);
  }
}

/**
 * The platform slot, and the connection if the run held it, are free again: the post that has waited longest
 * for each goes now rather than at the next sweep. A waiting post that has gone meanwhile (published by
 * another process, cancelled) passes the turn to the next one: a turn given to a post that is not due would
 * leave the slot idle while others wait.
 */
export async function handOn(ctx: AppContext, platform: string, connectionId: number | null) {
  try {
    let handed: number | undefined;
    for (let next = nextWaitingPost(ctx, platform); next !== undefined; next = nextWaitingPost(ctx, platform)) {
      if (!(await findDuePost(ctx.db, next))) continue;
      await enqueuePublish(ctx, next, new Date());
      handed = next;
      break;
    }
    const next = connectionId === null ? undefined : await nextDuePostOfConnection(ctx.db, connectionId);
    if (next !== undefined && next !== handed) await enqueuePublish(ctx, next, new Date());
  } catch (err) {
    ctx.log.warn({ err, connectionId }, 'could not hand a free slot on; the waiting posts look again shortly');
  }
}
