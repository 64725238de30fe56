import { describe, expect, it } from 'vitest';
import { adapterHarness, describeOAuthConformance, failure } from '../../../test/adapter-conformance';
import { control } from '../../../test/emulator';
import { describeFaultConformance, someText } from '../../../test/fault-conformance';
import { connectThrough, redirectUri } from '../meta/meta.test-support';
import { InstagramAdapter } from './instagram.adapter';

const DAY_MS = 24 * 3600_000;
// The emulator's clock runs ahead by this much (tokens refresh only once a day old).
let ahead = 0;
const h = adapterHarness((options) => new InstagramAdapter(options), { now: () => Date.now() + ahead });

describeOAuthConformance('Instagram', h, { pkce: false });

describeFaultConformance('Instagram', h, {
  probe: (adapter, c) => adapter.profile(c.exchanged),
  rejectMessage: 'The caption breaks a rule.',
  carries: { reject: { platformCode: someText() } },
});

describe('Instagram connect', () => {
  it('asks for the Instagram Login scopes and keeps the 60-day token of the exchange', async () => {
    const url = new URL(h.adapter.authorizeUrl({ state: 's', redirectUri: redirectUri('instagram') }));
    expect(url.pathname).toBe('/api.instagram.com/oauth/authorize');
    expect(url.searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
    );
    expect(url.searchParams.get('response_type')).toBe('code');

    const { tokens, profile } = await connectThrough(h.adapter);
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY_MS);
    expect(profile.accountId).toBeTruthy();
    expect(profile.extra?.igUserId).toBe(profile.accountId);
    expect(profile.name).toBeTruthy();
  });

  it('refreshes a day-old long-lived token with itself; a dead one disconnects', async () => {
    const adapter = h.adapter;
    const { tokens } = await connectThrough(adapter);
    // Too young to refresh: the token stays usable either way.
    const young = await adapter.refresh(tokens);
    expect((await adapter.profile(young)).accountId).toBeTruthy();

    ahead += 25 * 3600_000;
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBeUndefined();
    expect(fresh.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY_MS);
    expect((await adapter.profile(fresh)).accountId).toBeTruthy();

    await control.expireTokens(h.emu, 'instagram');
    expect((await failure(adapter.profile(fresh))).kind).toBe('auth_expired');
    expect((await failure(adapter.refresh(fresh))).kind).toBe('disconnected');
  });
});
