import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { control, decideOnAuthorizePage, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { PlatformError } from '../platform-error';
import { connectX, pkcePair, REDIRECT_URI, xAdapter } from './x.test-support';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.stop());
afterEach(() => control.clearFaults(emu));

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe('X connect', () => {
  it('asks for the scopes with PKCE S256 on the authorize page, and approving connects the account', async () => {
    const adapter = xAdapter(emu);
    const { challenge } = pkcePair();
    const url = new URL(adapter.authorizeUrl({ state: 's1', redirectUri: REDIRECT_URI, codeChallenge: challenge }));
    expect(url.pathname).toBe('/x.com/i/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('tweet.read tweet.write users.read media.write offline.access');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(adapter.usesPkce).toBe(true);

    const { tokens, profile } = await connectX(adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(profile.accountId).toBeTruthy();
    expect(profile.extra?.username).toBeTruthy();
    expect(profile.extra?.userId).toBe(profile.accountId);
  });

  it('brings back access_denied and the same state when the person denies', async () => {
    const state = randomUUID();
    const { challenge } = pkcePair();
    const back = await decideOnAuthorizePage(
      xAdapter(emu).authorizeUrl({ state, redirectUri: REDIRECT_URI, codeChallenge: challenge }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(state);
  });

  it('refuses a used code and a wrong verifier as rejected', async () => {
    const adapter = xAdapter(emu);
    const { code, verifier } = await connectX(adapter);
    const used = await failure(adapter.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }));
    expect(used.kind).toBe('rejected');

    const { challenge } = pkcePair();
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeChallenge: challenge }),
      'approve',
    );
    const wrong = await failure(
      adapter.exchangeCode({
        code: back.searchParams.get('code')!,
        redirectUri: REDIRECT_URI,
        codeVerifier: pkcePair().verifier,
      }),
    );
    expect(wrong.kind).toBe('rejected');
  });

  it('rotates the refresh token; the old one then disconnects', async () => {
    const adapter = xAdapter(emu);
    const { tokens } = await connectX(adapter);
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();
    expect((await failure(adapter.refresh(tokens))).kind).toBe('disconnected');
    expect((await adapter.refresh(fresh)).accessToken).toBeTruthy();
  });

  it('sees an expired access token as auth_expired', async () => {
    const adapter = xAdapter(emu);
    const { tokens } = await connectX(adapter);
    await control.expireTokens(emu, 'x');
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
  });
});

describe('X faults', () => {
  it('reads a rate limit with its reset time', async () => {
    const adapter = xAdapter(emu);
    const { tokens } = await connectX(adapter);
    await control.fault(emu, { platform: 'x', kind: 'rate_limit', delayMs: 120_000 });
    const err = await failure(adapter.profile(tokens));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
  });

  it('sorts server errors, expired tokens and rejections', async () => {
    const adapter = xAdapter(emu);
    const { tokens } = await connectX(adapter);
    await control.fault(emu, { platform: 'x', kind: 'server_error' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('retryable');
    await control.fault(emu, { platform: 'x', kind: 'token_expired' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
    await control.fault(emu, { platform: 'x', kind: 'reject', message: 'This request looks automated.' });
    const rejected = await failure(adapter.profile(tokens));
    expect(rejected.kind).toBe('rejected');
    expect(rejected.platformMessage).toContain('This request looks automated.');
  });

  it('gives up on a hanging request after its timeout, as retryable', async () => {
    const { tokens } = await connectX(xAdapter(emu));
    await control.fault(emu, { platform: 'x', kind: 'hang', delayMs: 3000 });
    const started = Date.now();
    const err = await failure(xAdapter(emu, { timeoutMs: 300 }).profile(tokens));
    expect(err.kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
