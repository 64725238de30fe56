import { PLATFORMS } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { DB } from '../../db/database';
import type { PlatformError } from '../../platforms/platform-error';
import { findConnection, markGrantRefused } from '../../repositories/connections.repository';
import { connectionLost } from '../activity/activity-moments';
import { notifyNeedsReconnect } from '../notifications/notify';

/**
 * Marks a connection "needs reconnecting" when `mark` (a compare-and-set) changes it, with its event in the
 * project's trail in the same transaction, then rings the bell. Only the write that changed the row rings it,
 * so a grant that dies under several posts, syncs and refreshes at once is announced once.
 */
export async function flagNeedsReconnect(
  ctx: AppContext,
  row: PlatformConnectionRow,
  reason: string,
  mark: (trx: DB) => Promise<boolean>,
): Promise<boolean> {
  const marked = await ctx.db.transaction().execute(async (trx) => {
    const ok = await mark(trx);
    if (ok) await connectionLost(trx, row, reason);
    return ok;
  });
  if (marked) await notifyNeedsReconnect(ctx, row);
  return marked;
}

/**
 * The platform refused the connection's grant in a call, for good: a token refused again after it was renewed,
 * or a grant or permission the platform says is gone. `tokenSeal`: the sealed access token that call used (a
 * grant replaced since then is left alone). True when this call marked it.
 */
export async function grantRefused(
  ctx: AppContext,
  connectionId: number,
  err: PlatformError,
  tokenSeal?: string,
): Promise<boolean> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row || row.status !== 'connected') return false;
  const reason = refusalReason(err);
  const marked = await flagNeedsReconnect(
    ctx,
    row,
    reason,
    async (trx) => (await markGrantRefused(trx, connectionId, reason, tokenSeal)) !== undefined,
  );
  if (marked)
    ctx.log.warn({ connectionId, platformError: err.toJSON() }, 'the platform refused the grant: needs reconnecting');
  return marked;
}

/**
 * What the person reads on the connection: the permission the platform refused a call without, when it says
 * (reconnecting asks for it again), else the platform's own words.
 */
export function refusalReason(err: PlatformError): string {
  const missing = err.missingPermissions ?? [];
  if (!missing.length) return err.platformMessage || err.message;
  const label = PLATFORMS.find((p) => p.key === err.platform)?.label ?? err.platform;
  const list = missing.join(', ');
  return `${label} needs the ${list} permission${missing.length > 1 ? 's' : ''}, which this connection lacks: reconnect and allow ${missing.length > 1 ? 'them' : 'it'}.`;
}
