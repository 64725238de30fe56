import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  authorizeUrl,
  call,
  codeFor,
  connect,
  decide,
  REDIRECT,
  startTikTok,
  stop,
  tokenJson,
  tokenRequest,
  type Emu,
} from './tiktok.test-helpers';

let emu: Emu;
beforeAll(async () => (emu = await startTikTok()));
afterAll(() => stop(emu));

describe('TikTok authorize page', () => {
  it('approve sends the browser back with code, scopes and state', async () => {
    const res = await decide(authorizeUrl(emu), 'approve');
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('code')).toMatch(/\S{20,}/);
    expect(back.searchParams.get('scopes')).toBe(ALL_SCOPES);
    expect(back.searchParams.get('state')).toBe('st-123');
  });

  it('deny sends error=access_denied with the state', async () => {
    const back = new URL((await decide(authorizeUrl(emu), 'deny')).headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['an unknown client key', { client_key: 'someone-else' }, /client_key/],
    ['an unknown scope', { scope: 'user.info.basic,video.delete' }, /video\.delete/],
    ['a response_type other than code', { response_type: 'token' }, /response_type/],
    ['no redirect_uri', { redirect_uri: '' }, /redirect_uri/],
  ])('%s shows an error page instead of redirecting', async (_name, params, message) => {
    const res = await fetch(authorizeUrl(emu, params), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(message);
  });
});

describe('TikTok token endpoint', () => {
  it('exchanges a code for a 24 h access token and a 365 d refresh token', async () => {
    const res = await tokenRequest(emu, {
      code: await codeFor(emu),
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
    });
    expect(res.status).toBe(200);
    const body = await tokenJson(res);
    expect(body).toMatchObject({
      expires_in: 86400,
      refresh_expires_in: 31536000,
      open_id: expect.any(String),
      scope: ALL_SCOPES,
      token_type: 'Bearer',
    });
    expect(body.access_token).not.toBe(body.refresh_token);
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    const code = await codeFor(emu);
    const res = await tokenRequest(emu, {
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      client_secret: 'nope',
    });
    expect(res.status).toBe(400);
    expect(await tokenJson(res)).toMatchObject({
      error: 'invalid_client',
      error_description: expect.any(String),
      log_id: expect.any(String),
    });
  });

  it('refuses a code used twice, or sent with another redirect_uri, with invalid_grant', async () => {
    const code = await codeFor(emu);
    const first = await tokenRequest(emu, { code, grant_type: 'authorization_code', redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    const again = await tokenRequest(emu, { code, grant_type: 'authorization_code', redirect_uri: REDIRECT });
    expect(again.status).toBe(400);
    expect((await tokenJson(again)).error).toBe('invalid_grant');
    const other = await tokenRequest(emu, {
      code: await codeFor(emu),
      grant_type: 'authorization_code',
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect((await tokenJson(other)).error).toBe('invalid_grant');
  });

  it('refresh rotates: a new refresh token, and the old one is refused afterwards', async () => {
    const first = await connect(emu);
    const res = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.status).toBe(200);
    const second = await tokenJson(res);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.expires_in).toBe(86400);

    const replay = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.status).toBe(400);
    expect((await tokenJson(replay)).error).toBe('invalid_grant');
    const next = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(next.status).toBe(200);
  });

  it('a request without grant_type is invalid_request', async () => {
    const res = await tokenRequest(emu, { code: 'x' });
    expect(res.status).toBe(400);
    expect((await tokenJson(res)).error).toBe('invalid_request');
  });
});

describe('TikTok bearer checks', () => {
  it('answers the profile with the demo account', async () => {
    const { access_token, open_id } = await connect(emu, `${ALL_SCOPES},user.info.profile`);
    const res = await call(emu, access_token, 'GET', '/v2/user/info/?fields=open_id,avatar_url,display_name,username');
    expect(res.status).toBe(200);
    expect(res.error.code).toBe('ok');
    expect(res.data.user).toEqual({
      open_id,
      avatar_url: expect.stringMatching(/\/_avatar\/tiktok\//),
      display_name: 'Fanout Sandbox',
      username: 'fanout.sandbox',
    });
  });

  // developers.tiktok.com "User Info APIs Scope Migration": user.info.basic reads open_id, union_id, avatars and
  // display_name only; username and the other profile fields need user.info.profile, the counts user.info.stats.
  it.each([
    ['username', 'user.info.basic', 'user.info.profile'],
    ['profile_deep_link', 'user.info.basic', 'user.info.profile'],
    ['is_verified', 'user.info.basic,video.publish', 'user.info.profile'],
    ['follower_count', 'user.info.basic,user.info.profile', 'user.info.stats'],
  ])('refuses %s to a token with %s only: scope_not_authorized naming %s', async (field, scope, needed) => {
    const { access_token } = await connect(emu, scope);
    const res = await call(emu, access_token, 'GET', `/v2/user/info/?fields=open_id,display_name,${field}`);
    expect(res.status).toBe(401);
    expect(res.error.code).toBe('scope_not_authorized');
    expect(res.error.message).toContain(needed);
    expect(res.data).toEqual({});
  });

  it('reads each field with its own scope, and the basic fields with user.info.basic alone', async () => {
    const basic = await connect(emu, 'user.info.basic');
    const fields = 'open_id,union_id,avatar_url,avatar_url_100,avatar_large_url,display_name';
    expect((await call(emu, basic.access_token, 'GET', `/v2/user/info/?fields=${fields}`)).error.code).toBe('ok');
    const profile = await connect(emu, 'user.info.profile');
    const res = await call(emu, profile.access_token, 'GET', '/v2/user/info/?fields=username,is_verified');
    expect(res.data.user).toEqual({ username: 'fanout.sandbox', is_verified: false });
  });

  it('an expired token is access_token_invalid (401)', async () => {
    const { access_token } = await connect(emu);
    await fetch(`${emu.url}/_control/expire-tokens`, { method: 'POST', body: JSON.stringify({ platform: 'tiktok' }) });
    const res = await call(emu, access_token, 'POST', '/v2/post/publish/creator_info/query/', {});
    expect(res.status).toBe(401);
    expect(res.error.code).toBe('access_token_invalid');
    expect(res.error.log_id).toMatch(/^\d{14}[0-9A-F]+$/);
  });

  it('a token without the scope is scope_not_authorized (401)', async () => {
    const { access_token } = await connect(emu, 'user.info.basic');
    const res = await call(emu, access_token, 'POST', '/v2/post/publish/creator_info/query/', {});
    expect(res.status).toBe(401);
    expect(res.error.code).toBe('scope_not_authorized');
  });

  it('no token at all is access_token_invalid', async () => {
    const res = await call(emu, '', 'GET', '/v2/user/info/?fields=open_id');
    expect(res.status).toBe(401);
    expect(res.error.code).toBe('access_token_invalid');
  });
});
