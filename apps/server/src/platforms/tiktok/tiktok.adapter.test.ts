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
import { TikTokAdapter } from './tiktok.adapter';

let emu: TestEmulator;
let adapter: TikTokAdapter;

beforeAll(async () => {
  emu = await startTestEmulator();
  adapter = new TikTokAdapter(sandboxAdapterOptions(emu));
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

describe('TikTok connect', () => {
  it('asks for the publishing scopes on TikTok’s authorize page, on the emulator', () => {
    const url = new URL(adapter.authorizeUrl({ state: 's1', redirectUri: testRedirectUri('tiktok') }));
    expect(url.href.startsWith(`${emu.publicUrl}/www.tiktok.com/v2/auth/authorize/`)).toBe(true);
    expect(url.searchParams.get('client_key')).toBe('fanout-sandbox');
    expect(url.searchParams.get('scope')).toBe('user.info.basic,video.publish,video.list');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(adapter.usesPkce).toBe(false);
  });

  it('approve → exchange → profile: tokens with both lifetimes and the username for post addresses', async () => {
    const { tokens, profile } = await connectAccount(adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.refreshExpiresAt!.getTime()).toBeGreaterThan(tokens.expiresAt!.getTime());
    expect(tokens.scopes).toContain('video.publish');
    expect(profile.accountId).toBeTruthy();
    expect(profile.name).toBeTruthy();
    expect(profile.extra?.username).toBeTruthy();
  });

  it('deny → back with error=access_denied and the state', async () => {
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'deny-state', redirectUri: testRedirectUri('tiktok') }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-state');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('the state comes back exactly as sent, so a state the caller did not send shows as a mismatch', async () => {
    const back = await decideOnAuthorizePage(
      adapter.authorizeUrl({ state: 'sent-state', redirectUri: testRedirectUri('tiktok') }),
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
    const madeUp = await failure(adapter.exchangeCode({ code: 'not-a-code', redirectUri }));
    expect(madeUp.kind).toBe('rejected');
  });
});

describe('TikTok refresh', () => {
  it('rotates the refresh token; the old one is refused afterwards as disconnected', async () => {
    const { tokens } = await connectAccount(adapter);
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();
    const old = await failure(adapter.refresh(tokens));
    expect(old.kind).toBe('disconnected');
    // The rotated one keeps working.
    expect((await adapter.refresh(fresh)).accessToken).toBeTruthy();
  });

  it('an expired access token is auth_expired; a refresh brings a working one', async () => {
    const { tokens } = await connectAccount(adapter);
    await control.expireTokens(emu, 'tiktok');
    const expired = await failure(adapter.profile(tokens));
    expect(expired.kind).toBe('auth_expired');
    const fresh = await adapter.refresh(tokens);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();
  });
});

describe('TikTok publish options', () => {
  it('are creator_info: the privacy levels to choose from, the longest video, interactions turned off', async () => {
    const { account } = await connectAccount(adapter);
    const options = await adapter.publishOptions(account);
    expect(Array.isArray(options.privacy_level_options)).toBe(true);
    expect((options.privacy_level_options as string[]).length).toBeGreaterThan(0);
    expect(options.privacy_level_options).toContain('SELF_ONLY');
    expect(typeof options.max_video_post_duration_sec).toBe('number');
    expect(typeof options.comment_disabled).toBe('boolean');
    expect(typeof options.duet_disabled).toBe('boolean');
    expect(typeof options.stitch_disabled).toBe('boolean');
  });
});
