import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, form, startMeta, type TestMeta } from '../meta/meta-test-support';
import { instagram } from '.';
import { authorizeUrl, bearer, CLIENT, graph, longToken, REDIRECT, shortToken } from './ig-test-support';

let t: TestMeta;
beforeAll(async () => {
  t = await startMeta([instagram]);
});
afterAll(() => t.stop());

const HOUR = 3600_000;

describe('Instagram Login', () => {
  it('approve: redirects with code and state (and #_), and the code buys a 1-hour token once', async () => {
    const back = await decide(t, authorizeUrl(t), 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.hash).toBe('#_');
    const exchange = (code: string) =>
      t.call(
        'POST',
        t.url('api.instagram.com', '/oauth/access_token'),
        form({ ...CLIENT, grant_type: 'authorization_code', redirect_uri: REDIRECT, code }),
      );
    const res = await exchange(back.searchParams.get('code')!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: 1784140012345678,
      permissions: expect.arrayContaining(['instagram_business_basic']),
    });
    const me = await t.call('GET', graph(t, '/me?fields=user_id,username,name,profile_picture_url'), {
      headers: bearer(res.body.access_token),
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user_id: '1784140012345678', username: 'fanout.sandbox', name: 'Fanout Sandbox' });
    expect(me.body.profile_picture_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_avatar\/instagram\//);

    const again = await exchange(back.searchParams.get('code')!);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Matching code was not found or was already used',
    });

    t.clock.now += HOUR + 1000;
    const late = await t.call('GET', graph(t, '/me'), { headers: bearer(res.body.access_token) });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
  });

  it('the code exchange takes multipart forms too (as curl -F sends)', async () => {
    const back = await decide(t, authorizeUrl(t), 'approve');
    const body = new FormData();
    for (const [k, v] of Object.entries({ ...CLIENT, grant_type: 'authorization_code', redirect_uri: REDIRECT }))
      body.set(k, v);
    body.set('code', back.searchParams.get('code')!);
    const res = await t.call('POST', t.url('api.instagram.com', '/oauth/access_token'), { body });
    expect(res.status).toBe(200);
    expect(typeof res.body.access_token).toBe('string');
  });

  it('deny: redirects with access_denied, user_denied, a description and the state', async () => {
    const back = await decide(t, authorizeUrl(t), 'deny');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'The user denied your request.',
      state: 'st-123',
    });
  });

  it('refuses an unknown scope or app on the page, and a bad secret or another redirect_uri at the exchange', async () => {
    expect((await t.call('GET', authorizeUrl(t, { scope: 'instagram_business_basic,user_media' }))).status).toBe(400);
    expect((await t.call('GET', authorizeUrl(t, { client_id: 'someone-else' }))).status).toBe(400);

    const back = await decide(t, authorizeUrl(t), 'approve');
    const code = back.searchParams.get('code')!;
    const badSecret = await t.call(
      'POST',
      t.url('api.instagram.com', '/oauth/access_token'),
      form({ ...CLIENT, client_secret: 'wrong', grant_type: 'authorization_code', redirect_uri: REDIRECT, code }),
    );
    expect(badSecret.body.error_message).toBe('Error validating client secret.');
    const otherRedirect = await t.call(
      'POST',
      t.url('api.instagram.com', '/oauth/access_token'),
      form({ ...CLIENT, grant_type: 'authorization_code', redirect_uri: `${REDIRECT}/x`, code }),
    );
    expect(otherRedirect.status).toBe(400);
    expect(otherRedirect.body.error_message).toMatch(/redirect_uri is identical/);
  });

  it('long-lived exchange needs the app secret and a short-lived token; it lasts 60 days', async () => {
    const short = await shortToken(t);
    const exchange = (q: Record<string, string>) =>
      t.call('GET', t.url('graph.instagram.com', `/access_token?${new URLSearchParams(q)}`));
    const wrong = await exchange({
      grant_type: 'ig_exchange_token',
      client_secret: 'nope',
      access_token: short.access_token,
    });
    expect(wrong.body.error).toMatchObject({ code: 1, message: 'Error validating client secret.' });
    const ok = await exchange({
      grant_type: 'ig_exchange_token',
      client_secret: CLIENT.client_secret,
      access_token: short.access_token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 60 * 24 * 3600 });
    const twice = await exchange({
      grant_type: 'ig_exchange_token',
      client_secret: CLIENT.client_secret,
      access_token: ok.body.access_token,
    });
    expect(twice.body.error.code).toBe(100);
  });

  it('refresh: only a long-lived token at least 24 hours old and unexpired', async () => {
    const token = await longToken(t);
    const refresh = (access: string) =>
      t.call(
        'GET',
        t.url('graph.instagram.com', `/refresh_access_token?grant_type=ig_refresh_token&access_token=${access}`),
      );
    const young = await refresh(token);
    expect(young.status).toBe(400);
    expect(young.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(young.body.error.message).toMatch(/24 hours/);

    t.clock.now += 25 * HOUR;
    const ok = await refresh(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 60 * 24 * 3600 });
    expect(ok.body.access_token).not.toBe(token);
    const me = await t.call('GET', graph(t, '/me?fields=username'), { headers: bearer(ok.body.access_token) });
    expect(me.body.username).toBe('fanout.sandbox');

    t.clock.now += 61 * 24 * HOUR;
    const expired = await refresh(ok.body.access_token);
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('graph.instagram.com: any v<major>.<minor> or none; unknown fields, missing scope and bad tokens refused', async () => {
    const token = await longToken(t, 'instagram_business_content_publish');
    const asked = (p: string) => t.call('GET', t.url('graph.instagram.com', p), { headers: bearer(token) });
    expect((await asked('/v19.0/me')).body.error).toMatchObject({ code: 10 });

    const basic = await longToken(t);
    const call = (p: string, auth = basic) => t.call('GET', t.url('graph.instagram.com', p), { headers: bearer(auth) });
    expect((await call('/me?fields=username')).body.username).toBe('fanout.sandbox');
    expect((await call('/v21.3/me?fields=username')).body.username).toBe('fanout.sandbox');
    expect((await call('/vX/me')).body.error.code).toBe(2500);
    expect((await call('/v23.0/me?fields=username,email')).body.error).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (email) on node type (User)',
    });
    expect((await call('/v23.0/me', 'not-a-token')).body.error).toMatchObject({ code: 190 });
    const none = await t.call('GET', t.url('graph.instagram.com', '/v23.0/me'));
    expect(none.body.error.code).toBe(104);
  });
});
