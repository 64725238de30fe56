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
import { FacebookAdapter } from './facebook.adapter';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.stop());
afterEach(() => control.clearFaults(emu));

const facebook = (extra: Partial<AdapterOptions> = {}) => new FacebookAdapter(sandboxAdapterOptions(emu, extra));

describe('Facebook connect', () => {
  it('asks for the Page scopes on the dialog and connects the first Page with its own token', async () => {
    const adapter = facebook();
    const url = new URL(adapter.authorizeUrl({ state: 's', redirectUri: redirectUri('facebook') }));
    expect(url.pathname).toBe('/www.facebook.com/v23.0/dialog/oauth');
    expect(url.searchParams.get('scope')).toBe(
      'pages_show_list,pages_read_engagement,pages_manage_posts,read_insights',
    );

    const { tokens, kept, profile } = await connectThrough(adapter);
    // The long-lived user token, then the Page's.
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000);
    expect(profile.tokens).toBeDefined();
    expect(kept.accessToken).not.toBe(tokens.accessToken);
    expect(kept.expiresAt).toBeUndefined();
    expect(profile.extra?.pageId).toBe(profile.accountId);
    expect(profile.name).toBeTruthy();
    expect(profile.avatarUrl).toMatch(/^http/);
    // Page tokens do not expire: nothing to refresh.
    expect(await adapter.refresh(kept)).toEqual(kept);
  });

  it('brings back access_denied and the same state when the person denies', async () => {
    const state = randomUUID();
    const back = await decideOnAuthorizePage(
      facebook().authorizeUrl({ state, redirectUri: redirectUri('facebook') }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
  });

  it('refuses a used code as rejected', async () => {
    const adapter = facebook();
    const { code } = await connectThrough(adapter);
    expect((await failure(adapter.exchangeCode({ code, redirectUri: redirectUri('facebook') }))).kind).toBe('rejected');
  });

  it('disconnects a token that did expire', async () => {
    const err = await failure(
      facebook().refresh({ accessToken: 't', expiresAt: new Date(Date.now() - 1000), scopes: [] }),
    );
    expect(err.kind).toBe('disconnected');
  });
});

describe('Facebook faults', () => {
  it('sorts each injected fault', async () => {
    const adapter = facebook();
    const { tokens } = await connectThrough(adapter);
    await control.fault(emu, { platform: 'facebook', kind: 'rate_limit' });
    const limited = await failure(adapter.profile(tokens));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now());

    await control.fault(emu, { platform: 'facebook', kind: 'server_error' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('retryable');
    await control.fault(emu, { platform: 'facebook', kind: 'token_expired' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
    await control.fault(emu, { platform: 'facebook', kind: 'reject', message: 'This content is not allowed.' });
    const rejected = await failure(adapter.profile(tokens));
    expect(rejected.kind).toBe('rejected');
    expect(rejected.platformMessage).toContain('This content is not allowed.');
  });

  it('gives up on a hanging request after its timeout, as retryable', async () => {
    const { tokens } = await connectThrough(facebook());
    await control.fault(emu, { platform: 'facebook', kind: 'hang', delayMs: 3000 });
    const started = Date.now();
    expect((await failure(facebook({ timeoutMs: 300 }).profile(tokens))).kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
