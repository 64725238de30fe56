import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { TokenSet } from '../../platforms/platform-adapter';
import { isPlatformError, type PlatformError } from '../../platforms/platform-error';
import {
  acquireRefreshLease,
  findConnection,
  listConnectionsExpiringBefore,
  markNeedsReconnect,
  releaseRefreshLease,
  saveRefreshedTokens,
} from '../../repositories/connections.repository';
import { recordExpiringConnections } from '../activity/expiring-connections';
import { sealAccessToken, sealRefreshToken, tryOpenTokens, UNREADABLE_GRANT } from './connection-tokens';
import { flagNeedsReconnect } from './needs-reconnect';

/** Longer than an adapter's request timeout, so a lease never runs out under a refresh that is still going. */
export const REFRESH_LEASE_MS = 2 * 60_000;
/** How far ahead of its end the job renews an access token. */
export const REFRESH_AHEAD_MS = 15 * 60_000;
const REFRESH_BATCH = 100;

/**
 * - `refreshed`: new tokens saved.
 * - `busy`: another refresh of this connection is under way (its result will be in the row).
 * - `needs_reconnect`: the platform refused for good; the row says why.
 * - `failed`: a passing fault; the row is unchanged and can be refreshed again.
 * - `gone`: no such connection, or it already needs reconnecting.
 */
export type RefreshOutcome = 'refreshed' | 'busy' | 'needs_reconnect' | 'failed' | 'gone';

/**
 * Renews a connection's access token. One refresh per connection at a time: a compare-and-set lease on the
 * row, never a lock held across the platform's HTTP call. The call runs outside any transaction; access and
 * (rotated) refresh token are then saved in one statement, only while the lease still holds.
 */
export async function refreshConnection(ctx: AppContext, connectionId: number): Promise<RefreshOutcome> {
  const leaseId = randomUUID();
  const now = new Date();
  const row = await acquireRefreshLease(ctx.db, connectionId, {
    id: leaseId,
    now,
    until: new Date(now.getTime() + REFRESH_LEASE_MS),
  });
  if (!row) {
    const current = await findConnection(ctx.db, connectionId);
    return current?.status === 'connected' ? 'busy' : 'gone';
  }
  try {
    const adapter = ctx.platforms.get(row.platform);
    if (!adapter) {
      await releaseRefreshLease(ctx.db, row.id, leaseId);
      return 'failed';
    }
    if (adapter.sandbox !== row.sandbox) {
      return (await needsReconnect(ctx, row, leaseId, sandboxMoved(row))) ? 'needs_reconnect' : 'busy';
    }
    const previous = tryOpenTokens(ctx.secretBox, row);
    if (!previous) return (await needsReconnect(ctx, row, leaseId, UNREADABLE_GRANT)) ? 'needs_reconnect' : 'busy';
    let fresh: TokenSet;
    try {
      fresh = await adapter.refresh(previous);
    } catch (err) {
      if (!isPlatformError(err) || !isForGood(err)) throw err;
      const reason = err.platformMessage || err.message;
      ctx.log.warn({ connectionId: row.id, platformError: err.toJSON() }, 'token refresh refused: needs reconnecting');
      return (await needsReconnect(ctx, row, leaseId, reason)) ? 'needs_reconnect' : 'busy';
    }
    return (await saveTokens(ctx, row, leaseId, previous, fresh)) ? 'refreshed' : 'busy';
  } catch (err) {
    await releaseRefreshLease(ctx.db, row.id, leaseId);
    if (!isPlatformError(err)) throw err;
    ctx.log.warn({ connectionId: row.id, platformError: err.toJSON() }, 'token refresh failed; will try again');
    return 'failed';
  }
}

/** Marks the connection as needing a reconnect (while the lease holds) and tells the person through the bell. */
const needsReconnect = (ctx: AppContext, row: PlatformConnectionRow, leaseId: string, reason: string) =>
  flagNeedsReconnect(ctx, row, reason, (trx) => markNeedsReconnect(trx, row.id, leaseId, reason));

/** Why a connection made in the sandbox (or outside it) cannot publish from a server that no longer is. */
export const sandboxMoved = (row: PlatformConnectionRow) =>
  row.sandbox
    ? 'This account was connected in the sandbox, which this server no longer uses. Connect it again.'
    : 'This server now uses the sandbox for this platform. Connect the account again.';

/** A refusal that another try will not change: the person has to connect again. */
const isForGood = (err: PlatformError) => ['disconnected', 'auth_expired', 'rejected'].includes(err.kind);

/** False when the lease was lost meanwhile (a reconnect replaced the grant): the new grant stands. */
async function saveTokens(
  ctx: AppContext,
  row: PlatformConnectionRow,
  leaseId: string,
  previous: TokenSet,
  fresh: TokenSet,
): Promise<boolean> {
  const owner = { projectId: row.project_id, platform: row.platform, accountId: row.account_id };
  const rotated = fresh.refreshToken !== undefined && fresh.refreshToken !== previous.refreshToken;
  return saveRefreshedTokens(ctx.db, row.id, leaseId, {
    accessTokenEnc: sealAccessToken(ctx.secretBox, owner, fresh.accessToken),
    refreshTokenEnc: rotated ? sealRefreshToken(ctx.secretBox, owner, fresh.refreshToken) : row.refresh_token_enc,
    expiresAt: fresh.expiresAt ?? null,
    refreshExpiresAt: rotated ? (fresh.refreshExpiresAt ?? null) : (fresh.refreshExpiresAt ?? row.refresh_expires_at),
    scopes: fresh.scopes.length ? fresh.scopes : row.scopes,
  });
}

/** The refresh job: renews every connection whose access ends within 15 minutes. */
export async function refreshDueConnections(ctx: AppContext): Promise<{ refreshed: number; failed: number }> {
  const due = await listConnectionsExpiringBefore(ctx.db, new Date(Date.now() + REFRESH_AHEAD_MS), REFRESH_BATCH);
  let refreshed = 0;
  let failed = 0;
  for (const id of due) {
    const outcome = await refreshConnection(ctx, id);
    if (outcome === 'refreshed') refreshed++;
    else if (outcome === 'failed' || outcome === 'needs_reconnect') failed++;
  }
  // Grants the person must renew themselves: said once each in the project's trail.
  await recordExpiringConnections(ctx).catch((err: unknown) =>
    ctx.log.error({ err }, 'could not record the connections that are expiring'),
  );
  return { refreshed, failed };
}
