import { setTimeout as delay } from 'node:timers/promises';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { notFound } from '../../http/errors';
import type { ConnectedAccount, PlatformAdapter } from '../../platforms/platform-adapter';
import { isPlatformError, PlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import { refreshConnection, REFRESH_LEASE_MS, sandboxMoved } from './connection-refresh.service';
import { tryOpenTokens, UNREADABLE_GRANT } from './connection-tokens';
import { grantRefused } from './needs-reconnect';

/** An access token this close to its end is renewed before use rather than fail mid-upload. */
const FRESH_FOR_MS = 60_000;
const LEASE_POLL_MS = 250;

export interface PublishingAccount {
  adapter: PlatformAdapter;
  account: ConnectedAccount;
  /** The access token as stored (sealed): names the grant a refusal was met with (`grantRefused`). */
  tokenSeal: string;
}

/**
 * What publishing needs to act as a connection's account: its platform's adapter and a live access token
 * (refreshed first when it has run out or is about to). A connection that needs reconnecting is `disconnected`
 * without a call to the platform; so is one whose platform is no longer available as it was connected (then
 * marked as needing a reconnect).
 */
export async function getPublishingAccount(ctx: AppContext, connectionId: number): Promise<PublishingAccount> {
  let row = await usableRow(ctx, connectionId);
  if (row.expires_at && row.expires_at.getTime() <= Date.now() + FRESH_FOR_MS) {
    const outcome = await refreshConnection(ctx, connectionId);
    if (outcome === 'busy') await waitForLease(ctx, connectionId);
    if (outcome === 'failed') throw notRenewedYet(row.platform);
    row = await usableRow(ctx, connectionId);
  }
  const adapter = ctx.platforms.get(row.platform);
  const tokens = tryOpenTokens(ctx.secretBox, row);
  if (!adapter || adapter.sandbox !== row.sandbox || !tokens) {
    const words = !adapter
      ? `${row.platform} is not available on this server`
      : adapter.sandbox !== row.sandbox
        ? sandboxMoved(row)
        : UNREADABLE_GRANT;
    const err = new PlatformError(row.platform, 'disconnected', `${row.platform}: ${words}`, {
      platformMessage: words,
    });
    await grantRefused(ctx, row.id, err, row.access_token_enc);
    throw err;
  }
  return {
    adapter,
    account: {
      accountId: row.account_id,
      accountName: row.account_name,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      extra: row.extra,
    },
    tokenSeal: row.access_token_enc,
  };
}

const notRenewedYet = (platform: string) =>
  new PlatformError(platform, 'retryable', `${platform}: the access token could not be renewed yet`, {
    step: 'oauth.refresh',
  });

/**
 * One call to the platform as the connection's account, outside publishing (figures, publish options). A token
 * the platform refuses is renewed once and the call made again; a refusal that survives the renewal, or a grant
 * or permission the platform says is gone, marks the connection "needs reconnecting" (the bell rings once) and
 * throws `disconnected`. A connection already marked is `disconnected` at once, without a call.
 */
export async function callAsAccount<T>(
  ctx: AppContext,
  connectionId: number,
  call: (adapter: PlatformAdapter, account: ConnectedAccount) => Promise<T>,
): Promise<T> {
  let renewed = false;
  for (;;) {
    const { adapter, account, tokenSeal } = await getPublishingAccount(ctx, connectionId);
    try {
      return await call(adapter, account);
    } catch (err) {
      if (!isPlatformError(err) || (err.kind !== 'auth_expired' && err.kind !== 'disconnected')) throw err;
      if (err.kind === 'auth_expired' && !renewed) {
        // A renewal that met a passing fault proves nothing about the grant.
        if ((await refreshConnection(ctx, connectionId)) === 'failed') throw notRenewedYet(err.platform);
        renewed = true;
        continue;
      }
      await grantRefused(ctx, connectionId, err, tokenSeal);
      throw err.kind === 'disconnected'
        ? err
        : new PlatformError(err.platform, 'disconnected', err.message, {
            step: err.step,
            httpStatus: err.httpStatus,
            platformCode: err.platformCode,
            platformMessage: err.platformMessage,
            cause: err,
          });
    }
  }
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
