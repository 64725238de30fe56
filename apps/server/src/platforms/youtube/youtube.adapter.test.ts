import { describe, expect, it } from 'vitest';
import { adapterHarness, describeOAuthConformance } from '../../../test/adapter-conformance';
import { connectAccount, testRedirectUri } from '../../../test/publish-loop';
import { YouTubeAdapter } from './youtube.adapter';

const h = adapterHarness((options) => new YouTubeAdapter(options));

// Google does not rotate refresh tokens.
describeOAuthConformance('YouTube', h, {
  pkce: true,
  usedCodeError: 'invalid_grant',
  expiry: 'refreshes',
  refresh: 'keeps',
});

describe('YouTube connect', () => {
  it('asks Google for offline access with consent and an S256 challenge, on the emulator', () => {
    const url = new URL(
      h.adapter.authorizeUrl({ state: 's1', redirectUri: testRedirectUri('youtube'), codeChallenge: 'abc' }),
    );
    expect(url.href.startsWith(`${h.emu.publicUrl}/accounts.google.com/o/oauth2/v2/auth`)).toBe(true);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge')).toBe('abc');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe(h.adapter.scopes.join(' '));
  });

  it('approve → exchange with the verifier → the channel as the account', async () => {
    const { tokens, profile } = await connectAccount(h.adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.scopes).toContain('https://www.googleapis.com/auth/youtube.upload');
    expect(profile.accountId).toBeTruthy();
    expect(profile.name).toBeTruthy();
    expect(profile.extra?.channelId).toBe(profile.accountId);
  });
});
