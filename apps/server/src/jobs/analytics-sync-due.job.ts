import type { AppContext } from '../context';
import { syncDueMetrics } from '../services/analytics/sync-metrics.service';

export function syncDueMetricsJob(ctx: AppContext): Promise<{ synced: number; failed: number }> {
  return syncDueMetrics(ctx);
}
