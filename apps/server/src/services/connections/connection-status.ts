import { missingFeatures, type Connection, type ConnectionStatus, type PlatformKey } from '@fanout/contracts';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { toIsoString } from '../users.service';

/** How far ahead a grant that the person must renew themselves is shown as expiring. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 3600_000;

/**
 * A stored `needs_reconnect` stands with the platform's reason. Otherwise a grant that ends within a week
 * and cannot be renewed without the person (no usable refresh token, or the refresh token itself ends) is
 * `expiring`; anything else is `connected` (the refresh job renews access tokens before they end).
 */
export function connectionHealth(
  row: PlatformConnectionRow,
  now = Date.now(),
): { status: ConnectionStatus; reason: string | null } {
  if (row.status === 'needs_reconnect') return { status: 'needs_reconnect', reason: row.status_reason };
  const soon = now + EXPIRING_WITHIN_MS;
  const refreshEnd = row.refresh_expires_at?.getTime();
  // A refresh token, or an access token that renews itself until `refresh_expires_at` (a long-lived one).
  const renewable = row.refresh_token_enc !== null || refreshEnd !== undefined;
  const canRefresh = renewable && (refreshEnd === undefined || refreshEnd > now);
  if (refreshEnd !== undefined && refreshEnd <= soon && row.refresh_token_enc !== null) {
    return { status: 'expiring', reason: endsOn(refreshEnd, now) };
  }
  const accessEnd = row.expires_at?.getTime();
  if (accessEnd !== undefined && accessEnd <= soon && !canRefresh) {
    return { status: 'expiring', reason: endsOn(accessEnd, now) };
  }
  return { status: 'connected', reason: null };
}

export function toConnection(row: PlatformConnectionRow, now = Date.now()): Connection {
  const health = connectionHealth(row, now);
  return {
    id: row.id,
    projectId: row.project_id,
    platform: row.platform as PlatformKey,
    accountId: row.account_id,
    accountName: row.account_name,
    avatarUrl: row.avatar_url,
    sandbox: row.sandbox,
    status: health.status,
    statusReason: health.reason,
    scopes: row.scopes,
    missingFeatures: missingFeatures(row.platform as PlatformKey, row.scopes),
    connectedAt: toIsoString(row.connected_at),
    expiresAt: row.expires_at ? toIsoString(row.expires_at) : null,
  };
}

function endsOn(end: number, now: number): string {
  const day = new Date(end).toISOString().slice(0, 10);
  return end > now
    ? `Access ends on ${day}. Reconnect before then to keep publishing.`
    : `Access ended on ${day}. Reconnect to publish again.`;
}
