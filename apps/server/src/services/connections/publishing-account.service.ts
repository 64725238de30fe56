import { setTimeout as delay } from 'node:timers/promises';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { notFound } from '../../http/errors';
import type { ConnectedAccount, PlatformAdapter } from '../../platforms/platform-adapter';
import { PlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import { refreshConnection, REFRESH_LEASE_MS } from './connection-refresh.service';
import { openTokens } from './connection-tokens';

/** An access token this close to its end is renewed before use rather than fail mid-upload. */
const FRESH_FOR_MS = 60_000;
const LEASE_POLL_MS = 250;

/**
 * What publishing needs to act as a connection's account: its platform's adapter and a live access token
 * (refreshed first when it has run out or is about to). A connection that needs reconnecting, or whose
 * platform is no longer available, is `disconnected`.
 */
export async function getPublishingAccount(
  ctx: AppContext,
  connectionId: number,
): Promise<{ adapter: PlatformAdapter; account: ConnectedAccount }> {
  let row = await usableRow(ctx, connectionId);
  if (row.expires_at && row.expires_at.getTime() <= Date.now() + FRESH_FOR_MS) {
    const outcome = await refreshConnection(ctx, connectionId);
    if (outcome === 'busy') await waitForLease(ctx, connectionId);
    if (outcome === 'failed')
      throw new PlatformError(row.platform, 'retryable', `${row.platform}: the access token could not be renewed yet`, {
        step: 'oauth.refresh',
      });
    row = await usableRow(ctx, connectionId);
  }
  const adapter = ctx.platforms.get(row.platform);
  if (!adapter || adapter.sandbox !== row.sandbox)
    throw new PlatformError(row.platform, 'disconnected', `${row.platform} is not available on this server`);
  return {
    adapter,
    account: {
      accountId: row.account_id,
      accountName: row.account_name,
      accessToken: openTokens(ctx.secretBox, row).accessToken,
      extra: row.extra,
    },
  };
}

async function usableRow(ctx: AppContext, connectionId: number): Promise<PlatformConnectionRow> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row) throw notFound('Connection');
  if (row.status === 'needs_reconnect')
    throw new PlatformError(row.platform, 'disconnected', `${row.platform}: the account needs reconnecting`, {
      platformMessage: row.status_reason ?? undefined,
    });
  return row;
}

/** Another process is refreshing this connection: its result lands in the row when its lease ends. */
async function waitForLease(ctx: AppContext, connectionId: number): Promise<void> {
  const deadline = Date.now() + REFRESH_LEASE_MS;
  while (Date.now() < deadline) {
    const row = await findConnection(ctx.db, connectionId);
    const until = row?.refresh_lease_until?.getTime();
    if (!row || until === undefined || until < Date.now()) return;
    await delay(LEASE_POLL_MS);
  }
}
