import type { AppContext } from '../../context';
import {
  listPostsDueForMetrics,
  listProjectPostsForMetrics,
  type SyncablePost,
} from '../../repositories/post-metrics.repository';
import { syncPostMetrics } from './sync-post-metrics';
import { metricsSyncInterval } from './sync-schedule';

/** Posts read at once: each is one platform call, and they are spread over six platforms' limits. */
const AT_ONCE = 4;
/** Posts one scheduled run reads; the rest wait for the next run (every 5 minutes). */
const DUE_BATCH = 500;
/** Posts one "Sync now" reads, the ones read longest ago first. */
const PROJECT_BATCH = 500;

async function syncAll(ctx: AppContext, posts: SyncablePost[]): Promise<{ synced: number; failed: number }> {
  let next = 0;
  const counts = { synced: 0, failed: 0 };
  const worker = async () => {
    while (next < posts.length) {
      const post = posts[next++]!;
      counts[await syncPostMetrics(ctx, post)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, posts.length) }, worker));
  return counts;
}

/**
 * The scheduled sync (job `analytics.sync-due`): every published post whose figures are due again; a new post's
 * first read comes one first-day interval (15 minutes) after it went out.
 */
export async function syncDueMetrics(ctx: AppContext): Promise<{ synced: number; failed: number }> {
  const now = new Date();
  const firstBefore = new Date(now.getTime() - metricsSyncInterval(now, now));
  return syncAll(ctx, await listPostsDueForMetrics(ctx.db, now, firstBefore, DUE_BATCH));
}

/** Reads every published post of the project at once (up to PROJECT_BATCH, read longest ago first). */
export async function syncProjectPosts(
  ctx: AppContext,
  projectId: number,
): Promise<{ synced: number; failed: number }> {
  return syncAll(ctx, await listProjectPostsForMetrics(ctx.db, projectId, PROJECT_BATCH));
}
