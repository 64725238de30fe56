import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { ACCOUNTS } from './accounts';
import {
  authorizeUrl,
  clock,
  connect,
  decide,
  exchange,
  G,
  getJson,
  REDIRECT,
  startYoutube,
  type Clock,
  type TestYoutube,
} from './test-helpers';

let t: TestYoutube;
let time: Clock;
beforeEach(async () => {
  time = clock();
  t = await startYoutube({ now: time.now });
});
afterEach(() => t.stop());

describe('YouTube OAuth', () => {
  it('shows the consent page with the account and scopes, and Approve sends back code, scope and state', async () => {
    const page = await (await fetch(authorizeUrl(t, {}))).text();
    expect(page).toContain('Fanout Demo Channel');
    expect(page).toContain(`${G}youtube.upload`);
    expect(page).toMatch(/>Approve</);
    const back = await decide(authorizeUrl(t, { state: 'xyz' }), 'approve');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('scope')).toBe(`${G}youtube.upload ${G}youtube.readonly`);
  });

  it('Deny sends back error=access_denied with the state', async () => {
    const back = await decide(authorizeUrl(t, { state: 'no' }), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('no');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses an unknown client, a scope Google does not know, and another response_type', async () => {
    for (const [params, error] of [
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ scope: `${G}youtube.upload ${G}drive` }, 'invalid_scope'],
      [{ scope: 'tweet.write' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri_mismatch'],
    ] as const) {
      const res = await fetch(authorizeUrl(t, params));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.text()).toContain(error);
    }
  });

  it('exchanges a code once for tokens of 3599 s; a refresh token only with access_type=offline', async () => {
    const back = await decide(authorizeUrl(t, {}), 'approve');
    const code = back.searchParams.get('code')!;
    const first = await exchange(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      expires_in: 3599,
      token_type: 'Bearer',
      scope: `${G}youtube.upload ${G}youtube.readonly`,
    });
    expect(first.body.refresh_token).toEqual(expect.any(String));
    const again = await exchange(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const online = await connect(t, { access_type: 'online' });
    expect(online.accessToken).toBeTruthy();
    expect(online.refreshToken).toBeUndefined();
  });

  it('takes a JSON body and Basic client credentials at the token endpoint', async () => {
    const back = await decide(authorizeUrl(t, {}), 'approve');
    const res = await fetch(t.url('oauth2.googleapis.com', '/token'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code'),
        redirect_uri: REDIRECT,
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access_token: string }).access_token).toBeTruthy();
  });

  it('refuses a wrong secret, another redirect_uri and an unknown grant type', async () => {
    const code = (await decide(authorizeUrl(t, {}), 'approve')).searchParams.get('code')!;
    expect(
      await exchange(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_secret: 'nope' }),
    ).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(
      await exchange(t, { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:9/other' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'redirect_uri_mismatch' },
    });
    expect(await exchange(t, { grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
  });

  it('checks a PKCE verifier when the authorize request had a challenge', async () => {
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = { code_challenge: challenge, code_challenge_method: 'S256' };
    const code1 = (await decide(authorizeUrl(t, params), 'approve')).searchParams.get('code')!;
    const bad = await exchange(t, {
      grant_type: 'authorization_code',
      code: code1,
      redirect_uri: REDIRECT,
      code_verifier: 'w'.repeat(50),
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const code2 = (await decide(authorizeUrl(t, params), 'approve')).searchParams.get('code')!;
    const good = await exchange(t, {
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(good.status).toBe(200);
  });

  it('refreshes without a new refresh token; the refresh token keeps working; revoke ends the grant', async () => {
    const { accessToken, refreshToken } = await connect(t);
    const r1 = await exchange(t, { grant_type: 'refresh_token', refresh_token: refreshToken! });
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    expect(r1.body.refresh_token).toBeUndefined();
    expect(r1.body.access_token).not.toBe(accessToken);
    const r2 = await exchange(t, { grant_type: 'refresh_token', refresh_token: refreshToken! });
    expect(r2.status).toBe(200);

    const revoke = await fetch(t.url('oauth2.googleapis.com', `/revoke?token=${encodeURIComponent(refreshToken!)}`), {
      method: 'POST',
    });
    expect(revoke.status).toBe(200);
    expect(await exchange(t, { grant_type: 'refresh_token', refresh_token: refreshToken! })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const me = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), r2.body.access_token as string);
    expect(me.status).toBe(401);
  });

  it('serves the channel as the profile, and answers bad tokens the Google way', async () => {
    const { accessToken } = await connect(t);
    const me = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), accessToken);
    expect(me.status).toBe(200);
    const channel = me.body.items[0];
    expect(channel).toMatchObject({
      kind: 'youtube#channel',
      id: ACCOUNTS[0]!.id,
      snippet: { title: 'Fanout Demo Channel' },
    });
    expect(channel.snippet.thumbnails.default.url).toContain('/_avatar/youtube/');
    expect((await fetch(channel.snippet.thumbnails.default.url)).status).toBe(200);

    const unknown = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), 'not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'authError' }],
    });

    time.advance(3600_000);
    const expired = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), accessToken);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('refuses a token without a scope of the method (403 insufficientPermissions)', async () => {
    const { accessToken } = await connect(t, { scope: `${G}youtube.upload` });
    const res = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), accessToken);
    expect(res.status).toBe(403);
    expect(res.body.error.errors[0].reason).toBe('insufficientPermissions');
  });

  it('offers every sandbox account on the consent page and signs in the one chosen there', async () => {
    const page = await (await fetch(authorizeUrl(t, {}))).text();
    for (const account of ACCOUNTS) expect(page).toContain(`name="account" value="${account.id}"`);
    const back = await decide(authorizeUrl(t, {}), 'approve', { account: ACCOUNTS[1]!.id });
    const { body } = await exchange(t, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT,
    });
    const me = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), body.access_token as string);
    expect(me.body.items[0].id).toBe(ACCOUNTS[1]!.id);
  });

  it('signs in the account a login_hint names', async () => {
    const { accessToken } = await connect(t, { login_hint: ACCOUNTS[1]!.email });
    const me = await getJson(t.api('/youtube/v3/channels?part=snippet,statistics&mine=true'), accessToken);
    expect(me.body.items[0].id).toBe(ACCOUNTS[1]!.id);
    expect(me.body.items[0].statistics.videoCount).toBe('0');
  });
});
