import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  control,
  decideOnAuthorizePage,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from '../../../test/emulator';
import type { AdapterOptions } from '../base-adapter';
import { connectThrough, failure, redirectUri } from '../meta/meta.test-support';
import { InstagramAdapter } from './instagram.adapter';

const DAY_MS = 24 * 3600_000;
let emu: TestEmulator;
// The emulator's clock runs ahead by this much (tokens refresh only once a day old).
let ahead = 0;
beforeAll(async () => {
  emu = await startTestEmulator(undefined, { now: () => Date.now() + ahead });
});
afterAll(() => emu.stop());
afterEach(() => control.clearFaults(emu));

const instagram = (extra: Partial<AdapterOptions> = {}) => new InstagramAdapter(sandboxAdapterOptions(emu, extra));

describe('Instagram connect', () => {
  it('asks for the Instagram Login scopes and keeps the 60-day token of the exchange', async () => {
    const adapter = instagram();
    const url = new URL(adapter.authorizeUrl({ state: 's', redirectUri: redirectUri('instagram') }));
    expect(url.pathname).toBe('/api.instagram.com/oauth/authorize');
    expect(url.searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights',
    );
    expect(url.searchParams.get('response_type')).toBe('code');

    const { tokens, profile } = await connectThrough(adapter);
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY_MS);
    expect(profile.accountId).toBeTruthy();
    expect(profile.extra?.igUserId).toBe(profile.accountId);
    expect(profile.name).toBeTruthy();
  });

  it('brings back access_denied and the same state when the person denies', async () => {
    const state = randomUUID();
    const back = await decideOnAuthorizePage(
      instagram().authorizeUrl({ state, redirectUri: redirectUri('instagram') }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
  });

  it('refuses a used code as rejected', async () => {
    const adapter = instagram();
    const { code } = await connectThrough(adapter);
    const err = await failure(adapter.exchangeCode({ code, redirectUri: redirectUri('instagram') }));
    expect(err.kind).toBe('rejected');
  });

  it('refreshes a day-old long-lived token with itself; a dead one disconnects', async () => {
    const adapter = instagram();
    const { tokens } = await connectThrough(adapter);
    // Too young to refresh: the token stays usable either way.
    const young = await adapter.refresh(tokens);
    expect((await adapter.profile(young)).accountId).toBeTruthy();

    ahead += 25 * 3600_000;
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBeUndefined();
    expect(fresh.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY_MS);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();

    await control.expireTokens(emu, 'instagram');
    expect((await failure(adapter.profile(fresh))).kind).toBe('auth_expired');
    expect((await failure(adapter.refresh(fresh))).kind).toBe('disconnected');
  });
});

describe('Instagram faults', () => {
  it('sorts each injected fault', async () => {
    const adapter = instagram();
    const { tokens } = await connectThrough(adapter);
    await control.fault(emu, { platform: 'instagram', kind: 'rate_limit' });
    const limited = await failure(adapter.profile(tokens));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now());

    await control.fault(emu, { platform: 'instagram', kind: 'server_error' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('retryable');
    await control.fault(emu, { platform: 'instagram', kind: 'token_expired' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
    await control.fault(emu, { platform: 'instagram', kind: 'reject', message: 'The caption breaks a rule.' });
    const rejected = await failure(adapter.profile(tokens));
    expect(rejected.kind).toBe('rejected');
    expect(rejected.platformMessage).toContain('The caption breaks a rule.');
    expect(rejected.platformCode).toBeTruthy();
  });

  it('gives up on a hanging request after its timeout, as retryable', async () => {
    const { tokens } = await connectThrough(instagram());
    await control.fault(emu, { platform: 'instagram', kind: 'hang', delayMs: 3000 });
    const started = Date.now();
    expect((await failure(instagram({ timeoutMs: 300 }).profile(tokens))).kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
