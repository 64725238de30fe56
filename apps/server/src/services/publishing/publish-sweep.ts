import type { AppContext } from '../../context';
import { postsWithDuePublishJob } from '../../repositories/job-queue-stats.repository';
import { expireCommentHolds, listOpenComments } from '../../repositories/first-comments.repository';
import { releaseEndedCopyWaits } from '../../repositories/copy-waits.repository';
import { markOverdueApprovals } from '../../repositories/post-approval.repository';
import { listPostsDueWithin, releaseAllLeases } from '../../repositories/post-runs.repository';
import { enqueueFirstComment, enqueuePublish } from './publish-queue';

/** How far ahead the sweep looks beyond a lease: the next sweep is a minute away. */
const SWEEP_AHEAD_MS = 60_000;
/** Posts queued per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 2_000;

/**
 * The `posts.sweep` job (every minute, and as each worker starts): makes sure every post that is due, or
 * will be before the next sweep, has a publish job. That covers posts due while no worker ran, jobs lost
 * between a commit and their sending, and posts whose run died (their lease, which is their due time, runs
 * out). Jobs are keyed on post and time, so a post that has its job already gets no second one.
 *
 * A post already overdue gets a job keyed on this sweep's time instead: the job of its own due time may
 * have run and left it (its connection was busy, its process died under it), and a key that was used once
 * cannot queue a job again. An overdue post that has a job due and not yet taken gets none: when thousands
 * of posts are due at once and wait their turn, a job a minute for each would pile up faster than they run.
 *
 * At start-up on the embedded database, whatever holds are left belong to runs that died with the previous
 * process (one process only opens it), so they are let go at once rather than after their lease.
 */
export async function sweepPosts(
  ctx: AppContext,
  { startup = false } = {},
): Promise<{ queued: number; released: number }> {
  const released = startup && ctx.dbKind === 'pglite' ? await releaseAllLeases(ctx.db) : 0;
  if (startup && ctx.dbKind === 'pglite') await expireCommentHolds(ctx.db);
  // Posts left waiting for a copy that has ended (normally its end makes them due already).
  await releaseEndedCopyWaits(ctx.db);
  // Posts whose time passed while they awaited approval (their own job marks them; this covers a lost job).
  await markOverdueApprovals(ctx.db);
  const due = await listPostsDueWithin(ctx.db, ctx.config.publishing.leaseMs + SWEEP_AHEAD_MS, SWEEP_BATCH);
  const waiting = await postsWithDuePublishJob(
    ctx.db,
    due.filter((p) => p.overdue).map((p) => p.id),
  );
  const now = new Date();
  let queued = 0;
  for (const post of due) {
    if (waiting.has(post.id)) continue;
    await enqueuePublish(ctx, post.id, post.overdue ? now : post.dueAt);
    queued += 1;
  }
  // First comments a run left open (it died between the post and its comment, or while sending it).
  for (const postId of await listOpenComments(ctx.db, SWEEP_BATCH)) {
    await enqueueFirstComment(ctx, postId);
    queued += 1;
  }
  return { queued, released };
}
