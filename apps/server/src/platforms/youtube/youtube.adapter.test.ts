import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  control,
  decideOnAuthorizePage,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from '../../../test/emulator';
import { connectAccount, testRedirectUri } from '../../../test/publish-loop';
import { PlatformError } from '../platform-error';
import { YouTubeAdapter } from './youtube.adapter';

let emu: TestEmulator;
let adapter: YouTubeAdapter;

beforeAll(async () => {
  emu = await startTestEmulator();
  adapter = new YouTubeAdapter(sandboxAdapterOptions(emu));
});
afterAll(async () => {
  await emu?.stop();
});

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
};

describe('YouTube connect', () => {
  it('asks Google for offline access with consent and an S256 challenge, on the emulator', () => {
    const url = new URL(
      adapter.authorizeUrl({ state: 's1', redirectUri: testRedirectUri('youtube'), codeChallenge: 'abc' }),
    );
    expect(url.href.startsWith(`${emu.publicUrl}/accounts.google.com/o/oauth2/v2/auth`)).toBe(true);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge')).toBe('abc');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe(adapter.scopes.join(' '));
    expect(adapter.usesPkce).toBe(true);
  });

  it('approve → exchange with the verifier → the channel as the account', async () => {
    const { tokens, profile } = await connectAccount(adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.scopes).toContain('https://www.googleapis.com/auth/youtube.upload');
    expect(profile.accountId).toBeTruthy();
    expect(profile.name).toBeTruthy();
    expect(profile.extra?.channelId).toBe(profile.accountId);
  });

  it('deny → back with error=access_denied and the state', async () => {
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'deny-state', redirectUri: testRedirectUri('youtube') }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-state');
  });

  it('the state comes back exactly as sent, so a state the caller did not send shows as a mismatch', async () => {
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'sent-state', redirectUri: testRedirectUri('youtube') }),
      'approve',
    );
    expect(back.searchParams.get('state')).toBe('sent-state');
    expect(back.searchParams.get('state')).not.toBe('other-state');
  });

  it('a used code, a made-up code or a wrong verifier is refused as rejected', async () => {
    const { code, redirectUri, codeVerifier } = await connectAccount(adapter);
    const reused = await failure(adapter.exchangeCode({ code, redirectUri, codeVerifier }));
    expect(reused.kind).toBe('rejected');
    expect(reused.platformCode).toBe('invalid_grant');
    expect((await failure(adapter.exchangeCode({ code: 'nope', redirectUri, codeVerifier }))).kind).toBe('rejected');

    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'v', redirectUri, codeChallenge: 'A'.repeat(43) }),
      'approve',
    );
    const wrong = await failure(
      adapter.exchangeCode({ code: back.searchParams.get('code')!, redirectUri, codeVerifier: 'B'.repeat(43) }),
    );
    expect(wrong.kind).toBe('rejected');
  });
});

describe('YouTube refresh', () => {
  it('gives a new access token and keeps the refresh token Google did not replace', async () => {
    const { tokens } = await connectAccount(adapter);
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();
    // Not rotated: the same refresh token works again.
    expect((await adapter.refresh(tokens)).accessToken).toBeTruthy();
  });

  it('an expired access token is auth_expired; a refresh brings a working one', async () => {
    const { tokens } = await connectAccount(adapter);
    await control.expireTokens(emu, 'youtube');
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
    const fresh = await adapter.refresh(tokens);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();
  });

  it('a refresh token Google does not know is disconnected', async () => {
    const err = await failure(adapter.refresh({ accessToken: 'x', refreshToken: 'not-a-refresh-token', scopes: [] }));
    expect(err.kind).toBe('disconnected');
  });
});
