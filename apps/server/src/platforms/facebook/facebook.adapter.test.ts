import { describe, expect, it } from 'vitest';
import { adapterHarness, describeOAuthConformance, failure } from '../../../test/adapter-conformance';
import { describeFaultConformance } from '../../../test/fault-conformance';
import { connectThrough, redirectUri } from '../meta/meta.test-support';
import { FacebookAdapter } from './facebook.adapter';

const h = adapterHarness((options) => new FacebookAdapter(options));

describeOAuthConformance('Facebook', h, { pkce: false });

describeFaultConformance('Facebook', h, {
  probe: (adapter, c) => adapter.profile(c.exchanged),
  rejectMessage: 'This content is not allowed.',
});

describe('Facebook connect', () => {
  it('asks for the Page scopes on the dialog and connects the first Page with its own token', async () => {
    const adapter = h.adapter;
    const url = new URL(adapter.authorizeUrl({ state: 's', redirectUri: redirectUri('facebook') }));
    expect(url.pathname).toBe('/www.facebook.com/v23.0/dialog/oauth');
    expect(url.searchParams.get('scope')).toBe(
      'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video,read_insights,pages_manage_engagement,' +
        'pages_read_user_content',
    );
    // A permission declined or removed before is asked again only so (Facebook Login, re-asking).
    expect(url.searchParams.get('auth_type')).toBe('rerequest');

    const { tokens, kept, profile } = await connectThrough(adapter);
    // The long-lived user token, then the Page's.
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000);
    expect(profile.tokens).toBeDefined();
    expect(kept.accessToken).not.toBe(tokens.accessToken);
    expect(kept.expiresAt).toBeUndefined();
    // The user token stays beside the Page's: the upload session takes it.
    expect(kept.refreshToken).toBe(tokens.accessToken);
    expect(profile.extra?.pageId).toBe(profile.accountId);
    expect(profile.name).toBeTruthy();
    expect(profile.avatarUrl).toMatch(/^http/);
    // Page tokens do not expire: nothing to refresh.
    expect(await adapter.refresh(kept)).toEqual(kept);
  });

  it('disconnects a token that did expire', async () => {
    const err = await failure(
      h.adapter.refresh({ accessToken: 't', expiresAt: new Date(Date.now() - 1000), scopes: [] }),
    );
    expect(err.kind).toBe('disconnected');
  });
});
