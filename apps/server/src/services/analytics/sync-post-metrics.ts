import type { AppContext } from '../../context';
import { PlatformError } from '../../platforms/platform-error';
import {
  insertMetricSample,
  refreshVideoViews,
  saveSyncState,
  type SyncablePost,
} from '../../repositories/post-metrics.repository';
import { callAsAccount } from '../connections/publishing-account.service';
import { describeSyncFailure } from './sync-failure';
import { nextMetricsSync } from './sync-schedule';

export type SyncOutcome = 'synced' | 'failed';

/**
 * Reads one published post's figures from its platform and stores them as a new sample, with the post's sync
 * state and its video's views, in one transaction after the platform has answered (never across the call). A
 * failure is stored on the post's sync state, where the analytics screen shows it.
 */
export async function syncPostMetrics(ctx: AppContext, post: SyncablePost): Promise<SyncOutcome> {
  try {
    if (post.connectionId === null)
      throw new PlatformError(post.platform, 'disconnected', 'the connection was removed');
    const figures = await readFigures(ctx, post.connectionId, post.platformPostId);
    const now = new Date();
    await ctx.db.transaction().execute(async (trx) => {
      await insertMetricSample(trx, {
        postId: post.id,
        projectId: post.projectId,
        platform: post.platform,
        syncedAt: now,
        ...figures,
      });
      await saveSyncState(trx, {
        postId: post.id,
        projectId: post.projectId,
        attemptAt: now,
        nextSyncAt: nextMetricsSync(post.publishedAt, now),
        failure: null,
      });
      await refreshVideoViews(trx, post.videoId);
    });
    return 'synced';
  } catch (err) {
    const failure = describeSyncFailure(post.platform, notFoundAsDisconnected(post.platform, err));
    if (!(err instanceof PlatformError)) ctx.log.warn({ err, postId: post.id }, 'metrics sync failed');
    const now = new Date();
    await saveSyncState(ctx.db, {
      postId: post.id,
      projectId: post.projectId,
      attemptAt: now,
      nextSyncAt: nextMetricsSync(post.publishedAt, now),
      failure,
    });
    return 'failed';
  }
}

/**
 * The platform's figures; a token the platform no longer takes is renewed once, as publishing does, and one
 * refused again marks the connection as needing a reconnect (then its posts' syncs make no calls until then).
 */
const readFigures = (ctx: AppContext, connectionId: number, platformPostId: string) =>
  callAsAccount(ctx, connectionId, (adapter, account) => adapter.metrics(account, platformPostId));

/** A connection that no longer exists reads as one to reconnect. */
function notFoundAsDisconnected(platform: string, err: unknown): unknown {
  if (err instanceof Error && 'statusCode' in err && err.statusCode === 404)
    return new PlatformError(platform, 'disconnected', 'the connection was removed');
  return err;
}
