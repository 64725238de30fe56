import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID } from '../../core/oauth';
import { ACCOUNTS } from './accounts';
import {
  authorizeUrl,
  call,
  clock,
  connect,
  decide,
  pkce,
  REDIRECT,
  startX,
  token,
  type Clock,
  type TestX,
} from './test-helpers';

let t: TestX;
let time: Clock;
beforeEach(async () => {
  time = clock();
  t = await startX({ now: time.now });
});
afterEach(() => t.stop());

describe('X OAuth 2.0 with PKCE', () => {
  it('shows the app, the account and the scopes; Approve sends back state and code', async () => {
    const { challenge } = pkce();
    const page = await (await fetch(authorizeUrl(t, { code_challenge: challenge }))).text();
    expect(page).toContain('@fanout_demo');
    expect(page).toContain('media.write');
    const back = await decide(authorizeUrl(t, { code_challenge: challenge, state: 'abc' }), 'approve');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('abc');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('offers both sandbox accounts; a post made as the second is recorded under it, its URL with its handle', async () => {
    const page = await (await fetch(authorizeUrl(t, { code_challenge: pkce().challenge }))).text();
    for (const account of ACCOUNTS) expect(page).toContain(`name="account" value="${account.id}"`);
    const second = ACCOUNTS[1]!;
    const { accessToken } = await connect(t, undefined, second.id);
    const me = await call(t.api('/2/users/me'), accessToken);
    expect(me.body.data).toMatchObject({ id: second.id, username: 'second_creator' });
    const made = await call(t.api('/2/tweets'), accessToken, { json: { text: 'From the second account' } });
    expect(made.status).toBe(201);
    const { items } = (await (await fetch(`${t.emu.url}/_control/published`)).json()) as {
      items: Record<string, unknown>[];
    };
    expect(items.find((i) => i.id === made.body.data.id)).toMatchObject({
      accountId: second.id,
      url: `${t.emu.publicUrl}/x.com/second_creator/status/${made.body.data.id}`,
    });
  });

  it('Deny sends back error=access_denied with the state', async () => {
    const back = await decide(authorizeUrl(t, { code_challenge: pkce().challenge, state: 'd1' }), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('d1');
  });

  it('refuses an authorize request without PKCE, state, a known scope or the right client', async () => {
    const challenge = pkce().challenge;
    for (const params of [
      { code_challenge: undefined },
      { code_challenge: challenge, code_challenge_method: 'S512' },
      { code_challenge: challenge, state: undefined },
      { code_challenge: challenge, scope: 'tweet.read https://www.googleapis.com/auth/youtube' },
      { code_challenge: challenge, client_id: 'other-app' },
      { code_challenge: challenge, response_type: 'token' },
    ]) {
      const res = await fetch(authorizeUrl(t, params));
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(await res.text()).not.toContain('Approve');
    }
  });

  it('exchanges a code only with the right verifier, once; Basic auth or client_id in the body', async () => {
    const code = (await decide(authorizeUrl(t, { code_challenge: pkce().challenge }), 'approve')).searchParams.get(
      'code',
    )!;
    const wrong = await token(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_request' } });

    const second = pkce();
    const code2 = (await decide(authorizeUrl(t, { code_challenge: second.challenge }), 'approve')).searchParams.get(
      'code',
    )!;
    const good = await token(
      t,
      {
        grant_type: 'authorization_code',
        code: code2,
        redirect_uri: REDIRECT,
        code_verifier: second.verifier,
        client_id: SANDBOX_CLIENT_ID,
      },
      {},
    );
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      scope: 'tweet.read tweet.write users.read media.write offline.access',
    });
    expect(good.body.refresh_token).toEqual(expect.any(String));
    const again = await token(t, {
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: REDIRECT,
      code_verifier: second.verifier,
    });
    expect(again.status).toBe(400);

    const badSecret = await token(
      t,
      { grant_type: 'refresh_token', refresh_token: String(good.body.refresh_token) },
      {
        authorization: `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:wrong`).toString('base64')}`,
      },
    );
    expect(badSecret).toMatchObject({ status: 401, body: { error: 'unauthorized_client' } });
  });

  it('gives a refresh token only with offline.access', async () => {
    const { refreshToken } = await connect(t, 'tweet.read users.read');
    expect(refreshToken).toBeUndefined();
  });

  it('rotates the refresh token on refresh: the old one stops working', async () => {
    const first = await connect(t);
    const r1 = await token(t, { grant_type: 'refresh_token', refresh_token: first.refreshToken! });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(first.refreshToken);
    const reused = await token(t, { grant_type: 'refresh_token', refresh_token: first.refreshToken! });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const r2 = await token(t, { grant_type: 'refresh_token', refresh_token: String(r1.body.refresh_token) });
    expect(r2.status).toBe(200);
    const me = await call(t.api('/2/users/me'), String(r2.body.access_token));
    expect(me.status).toBe(200);
  });

  it('serves the profile, answers bad tokens with 401 and missing scopes with 403 Problem JSON', async () => {
    const { accessToken } = await connect(t);
    const me = await call(t.api('/2/users/me?user.fields=profile_image_url'), accessToken);
    expect(me.status).toBe(200);
    const a = ACCOUNTS[0]!;
    expect(me.body.data).toMatchObject({ id: a.id, name: a.name, username: a.username });
    expect((await fetch(me.body.data.profile_image_url)).status).toBe(200);
    expect(me.headers.get('x-rate-limit-limit')).toBe('75');
    expect(me.headers.get('x-rate-limit-remaining')).toBe('74');

    const bad = await call(t.api('/2/users/me'), 'nope');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(bad.body).toMatchObject({ title: 'Unauthorized', status: 401 });

    time.advance(7200_000);
    expect((await call(t.api('/2/users/me'), accessToken)).status).toBe(401);

    const narrow = await connect(t, 'users.read');
    const forbidden = await call(t.api('/2/users/me'), narrow.accessToken);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.detail).toContain('tweet.read');
  });

  it('refuses fields and parameters the endpoint does not take', async () => {
    const { accessToken } = await connect(t);
    const bad = await call(t.api('/2/users/me?user.fields=shoe_size'), accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('https://api.x.com/2/problems/invalid-request');
    expect((await call(t.api('/2/users/me?colour=red'), accessToken)).status).toBe(400);
  });
});
