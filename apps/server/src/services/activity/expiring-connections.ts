import type { AppContext } from '../../context';
import { lockConnection } from '../../repositories/connections.repository';
import { hasExpiringEvent, listConnectionsEndingUnannounced } from '../../repositories/activity-events.repository';
import { connectionHealth, EXPIRING_WITHIN_MS } from '../connections/connection-status';
import { connectionExpiring } from './activity-moments';

const BATCH = 100;

/**
 * Puts `connection.expiring` in the trail once per grant that will end within a week without the person
 * (connection-status.ts decides which): run by the connection refresh job. Each under the connection's row
 * lock, so two workers cannot both record it.
 */
export async function recordExpiringConnections(ctx: AppContext, now = Date.now()): Promise<number> {
  const candidates = await listConnectionsEndingUnannounced(ctx.db, new Date(now + EXPIRING_WITHIN_MS), BATCH);
  let recorded = 0;
  for (const candidate of candidates) {
    const health = connectionHealth(candidate, now);
    if (health.status !== 'expiring') continue;
    const done = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockConnection(trx, candidate.id);
      if (!row || (await hasExpiringEvent(trx, row.id))) return false;
      const current = connectionHealth(row, now);
      if (current.status !== 'expiring') return false;
      const ends = [row.refresh_expires_at, row.expires_at]
        .filter((d): d is Date => d !== null)
        .map((d) => d.getTime())
        .filter((t) => t < now + EXPIRING_WITHIN_MS);
      await connectionExpiring(trx, row, current.reason, new Date(Math.min(...ends)));
      return true;
    });
    if (done) recorded++;
  }
  return recorded;
}
