import type { AppContext } from '../context';
import { refreshDueConnections } from '../services/connections/connection-refresh.service';

export function refreshDueConnectionsJob(ctx: AppContext): Promise<{ refreshed: number; failed: number }> {
  return refreshDueConnections(ctx);
}
