import { describe, expect, it } from 'vitest';
import { adapterHarness, describeOAuthConformance, failure } from '../../../test/adapter-conformance';
import { connectAccount, connectWithScope, testRedirectUri } from '../../../test/publish-loop';
import { RedditAdapter } from './reddit.adapter';

const h = adapterHarness((options) => new RedditAdapter(options));

describeOAuthConformance('Reddit', h, {
  pkce: false,
  usedCodeError: 'invalid_grant',
  expiry: 'refreshes',
  refresh: 'keeps',
});

describe('Reddit connect', () => {
  it('asks for a permanent grant with space-separated scopes, on the emulator', () => {
    const url = new URL(h.adapter.authorizeUrl({ state: 's1', redirectUri: testRedirectUri('reddit') }));
    expect(url.href.startsWith(`${h.emu.publicUrl}/www.reddit.com/api/v1/authorize`)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe('fanout-sandbox');
    expect(url.searchParams.get('duration')).toBe('permanent');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe(h.adapter.scopes.join(' '));
  });

  it('approve → exchange (Basic auth) → the user, whose name publishing needs', async () => {
    const { tokens, profile } = await connectAccount(h.adapter);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.scopes).toContain('submit');
    expect(profile.accountId).toBeTruthy();
    expect(profile.name).toBeTruthy();
    expect(profile.extra?.username).toBe(profile.name);
  });

  it('a request without the app’s own User-Agent is turned away as rate limited', async () => {
    const { tokens } = await connectAccount(h.adapter);
    const err = await failure(h.make({ userAgent: 'node' }).profile(tokens));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('Reddit publish options', () => {
  it('offers the communities the account has joined; a grant from before that scope offers none, without failing', async () => {
    const { account } = await connectAccount(h.adapter);
    expect(await h.adapter.publishOptions(account)).toEqual({
      subreddits: ['test', 'videos', 'sandbox', 'fanout', 'clips'],
    });

    // A grant made before Fanout asked for `mysubreddits`: Reddit answers 403 for the list.
    const before = await connectWithScope(h.adapter, 'identity submit read history');
    expect(before.tokens.scopes).not.toContain('mysubreddits');
    expect(await h.adapter.publishOptions(before.account)).toEqual({ subreddits: null });
  });
});
