import { describe, expect, it } from 'vitest';
import { adapterHarness, describeOAuthConformance } from '../../../test/adapter-conformance';
import { connectAccount, testRedirectUri } from '../../../test/publish-loop';
import { TikTokAdapter } from './tiktok.adapter';

const h = adapterHarness((options) => new TikTokAdapter(options));

describeOAuthConformance('TikTok', h, {
  pkce: false,
  usedCodeError: 'invalid_grant',
  expiry: 'refreshes',
  refresh: 'rotates',
});

describe('TikTok connect', () => {
  it('asks for the publishing scopes on TikTok’s authorize page, on the emulator', () => {
    const url = new URL(h.adapter.authorizeUrl({ state: 's1', redirectUri: testRedirectUri('tiktok') }));
    expect(url.href.startsWith(`${h.emu.publicUrl}/www.tiktok.com/v2/auth/authorize/`)).toBe(true);
    expect(url.searchParams.get('client_key')).toBe('fanout-sandbox');
    expect(url.searchParams.get('scope')).toBe('user.info.basic,user.info.profile,video.publish,video.list');
    expect(url.searchParams.get('response_type')).toBe('code');
  });

  it('approve → exchange → profile: tokens with both lifetimes and the username for post addresses', async () => {
    const { tokens, profile } = await connectAccount(h.adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.refreshExpiresAt!.getTime()).toBeGreaterThan(tokens.expiresAt!.getTime());
    expect(tokens.scopes).toContain('video.publish');
    expect(profile.accountId).toBeTruthy();
    expect(profile.name).toBeTruthy();
    expect(profile.extra?.username).toBe('fanout.sandbox');
    expect(tokens.scopes).toContain('user.info.profile');
  });
});

describe('TikTok publish options', () => {
  it('are creator_info: the privacy levels to choose from, the longest video, interactions turned off', async () => {
    const { account } = await connectAccount(h.adapter);
    const options = await h.adapter.publishOptions(account);
    expect(Array.isArray(options.privacy_level_options)).toBe(true);
    expect((options.privacy_level_options as string[]).length).toBeGreaterThan(0);
    expect(options.privacy_level_options).toContain('SELF_ONLY');
    expect(typeof options.max_video_post_duration_sec).toBe('number');
    expect(typeof options.comment_disabled).toBe('boolean');
    expect(typeof options.duet_disabled).toBe('boolean');
    expect(typeof options.stitch_disabled).toBe('boolean');
  });
});
