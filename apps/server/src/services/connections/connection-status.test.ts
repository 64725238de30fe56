import { describe, expect, it } from 'vitest';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { connectionHealth } from './connection-status';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(NOW + ms);

function row(overrides: Partial<PlatformConnectionRow>): PlatformConnectionRow {
  return {
    id: 1,
    user_id: 1,
    project_id: 1,
    platform: 'tiktok',
    account_id: 'a',
    account_name: 'A',
    avatar_url: null,
    sandbox: true,
    scopes: [],
    access_token_enc: 'sealed',
    refresh_token_enc: 'sealed',
    expires_at: at(DAY),
    refresh_expires_at: null,
    extra: {},
    status: 'connected',
    status_reason: null,
    refresh_lease_id: null,
    refresh_lease_until: null,
    connected_at: at(-DAY),
    updated_at: at(-DAY),
    ...overrides,
  };
}

describe('connection health', () => {
  it('is connected while a refresh can renew access', () => {
    expect(connectionHealth(row({}), NOW)).toEqual({ status: 'connected', reason: null });
    expect(connectionHealth(row({ refresh_expires_at: at(300 * DAY) }), NOW).status).toBe('connected');
    expect(connectionHealth(row({ expires_at: null, refresh_token_enc: null }), NOW).status).toBe('connected');
    // A long-lived token that renews itself, as long as it is renewed before it ends.
    const selfRenewing = { refresh_token_enc: null, expires_at: at(2 * DAY), refresh_expires_at: at(2 * DAY) };
    expect(connectionHealth(row(selfRenewing), NOW).status).toBe('connected');
  });

  it('is expiring when access ends within a week and nothing can renew it', () => {
    expect(connectionHealth(row({ refresh_token_enc: null, expires_at: at(6 * DAY) }), NOW)).toEqual({
      status: 'expiring',
      reason: 'Access ends on 2030-01-07. Reconnect before then to keep publishing.',
    });
    expect(connectionHealth(row({ refresh_token_enc: null, expires_at: at(8 * DAY) }), NOW).status).toBe('connected');
    expect(
      connectionHealth(row({ refresh_token_enc: null, expires_at: at(-DAY), refresh_expires_at: at(-DAY) }), NOW),
    ).toEqual({ status: 'expiring', reason: 'Access ended on 2029-12-31. Reconnect to publish again.' });
  });

  it('is expiring when the refresh token itself ends within a week', () => {
    expect(connectionHealth(row({ refresh_expires_at: at(3 * DAY) }), NOW)).toEqual({
      status: 'expiring',
      reason: 'Access ends on 2030-01-04. Reconnect before then to keep publishing.',
    });
  });

  it("keeps a stored needs_reconnect with the platform's reason", () => {
    expect(connectionHealth(row({ status: 'needs_reconnect', status_reason: 'Token revoked' }), NOW)).toEqual({
      status: 'needs_reconnect',
      reason: 'Token revoked',
    });
  });
});
