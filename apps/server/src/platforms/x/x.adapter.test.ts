import { describe, expect, it } from 'vitest';
import { adapterHarness, describeOAuthConformance } from '../../../test/adapter-conformance';
import { describeFaultConformance } from '../../../test/fault-conformance';
import { XAdapter } from './x.adapter';
import { connectX, pkcePair, REDIRECT_URI } from './x.test-support';

const h = adapterHarness((options) => new XAdapter(options));

describeOAuthConformance('X', h, { pkce: true, expiry: 'refreshes', refresh: 'rotates' });

describeFaultConformance('X', h, {
  probe: (adapter, c) => adapter.profile(c.exchanged),
  rejectMessage: 'This request looks automated.',
  // X says when its window resets: the retryAt must follow it, not a guess.
  rateLimitResetMs: 120_000,
});

describe('X connect', () => {
  it('asks for the scopes with PKCE S256 on the authorize page, and approving connects the account', async () => {
    const { challenge } = pkcePair();
    const url = new URL(h.adapter.authorizeUrl({ state: 's1', redirectUri: REDIRECT_URI, codeChallenge: challenge }));
    expect(url.pathname).toBe('/x.com/i/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('tweet.read tweet.write users.read media.write offline.access');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const { tokens, profile } = await connectX(h.adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(profile.accountId).toBeTruthy();
    expect(profile.extra?.username).toBeTruthy();
    expect(profile.extra?.userId).toBe(profile.accountId);
  });
});
