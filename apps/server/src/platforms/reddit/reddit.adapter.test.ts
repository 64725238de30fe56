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
import { RedditAdapter } from './reddit.adapter';

let emu: TestEmulator;
let adapter: RedditAdapter;

beforeAll(async () => {
  emu = await startTestEmulator();
  adapter = new RedditAdapter(sandboxAdapterOptions(emu));
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

describe('Reddit connect', () => {
  it('asks for a permanent grant with space-separated scopes, on the emulator', () => {
    const url = new URL(adapter.authorizeUrl({ state: 's1', redirectUri: testRedirectUri('reddit') }));
    expect(url.href.startsWith(`${emu.publicUrl}/www.reddit.com/api/v1/authorize`)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe('fanout-sandbox');
    expect(url.searchParams.get('duration')).toBe('permanent');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe(adapter.scopes.join(' '));
  });

  it('approve → exchange (Basic auth) → the user, whose name publishing needs', async () => {
    const { tokens, profile } = await connectAccount(adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.scopes).toContain('submit');
    expect(profile.accountId).toBeTruthy();
    expect(profile.extra?.username).toBe(profile.name);
  });

  it('deny → back with error=access_denied and the state', async () => {
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'deny-state', redirectUri: testRedirectUri('reddit') }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-state');
  });

  it('the state comes back exactly as sent, so a state the caller did not send shows as a mismatch', async () => {
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'sent-state', redirectUri: testRedirectUri('reddit') }),
      'approve',
    );
    expect(back.searchParams.get('state')).toBe('sent-state');
    expect(back.searchParams.get('state')).not.toBe('other-state');
  });

  it('a code used twice or made up is refused as rejected', async () => {
    const { code, redirectUri } = await connectAccount(adapter);
    const reused = await failure(adapter.exchangeCode({ code, redirectUri }));
    expect(reused.kind).toBe('rejected');
    expect(reused.platformCode).toBe('invalid_grant');
    expect((await failure(adapter.exchangeCode({ code: 'not-a-code', redirectUri }))).kind).toBe('rejected');
  });

  it('a request without the app’s own User-Agent is turned away as rate limited', async () => {
    const { tokens } = await connectAccount(adapter);
    const anonymous = new RedditAdapter(sandboxAdapterOptions(emu, { userAgent: 'node' }));
    const err = await failure(anonymous.profile(tokens));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('Reddit refresh', () => {
  it('gives a new access token and keeps the same refresh token, which keeps working', async () => {
    const { tokens } = await connectAccount(adapter);
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect((await adapter.profile(fresh)).name).toBeTruthy();
    expect((await adapter.refresh(tokens)).accessToken).toBeTruthy();
  });

  it('an expired access token is auth_expired; a refresh brings a working one', async () => {
    const { tokens } = await connectAccount(adapter);
    await control.expireTokens(emu, 'reddit');
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
    const fresh = await adapter.refresh(tokens);
    expect((await adapter.profile(fresh)).name).toBeTruthy();
  });

  it('a refresh token Reddit does not know is disconnected', async () => {
    const err = await failure(adapter.refresh({ accessToken: 'x', refreshToken: 'not-a-refresh-token', scopes: [] }));
    expect(err.kind).toBe('disconnected');
  });
});
