import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  authorizeUrl,
  codeFor,
  connect,
  decide,
  REDIRECT,
  SCOPES,
  startReddit,
  stop,
  tokenRequest,
  UA,
  type Emu,
} from './reddit.test-helpers';

let emu: Emu;
beforeAll(async () => (emu = await startReddit()));
afterAll(() => stop(emu));

describe('Reddit authorize page', () => {
  it('approve sends the browser back with code and state', async () => {
    const res = await decide(authorizeUrl(emu), 'approve');
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('st-42');
  });

  it('deny sends error=access_denied with the state', async () => {
    const back = new URL((await decide(authorizeUrl(emu), 'deny')).headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['an unknown client id', { client_id: 'nobody' }, /client_id/],
    ['an unknown scope', { scope: 'identity fly' }, /fly/],
    ['no state', { state: '' }, /state/],
    ['a bad duration', { duration: 'forever' }, /duration/],
    ['no redirect_uri', { redirect_uri: '' }, /redirect_uri/],
  ])('%s shows an error page instead of redirecting', async (_name, params, message) => {
    const res = await fetch(authorizeUrl(emu, params), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(message);
  });
});

describe('Reddit token endpoint', () => {
  it('a permanent grant brings a 1 h access token and a refresh token', async () => {
    const body = await connect(emu);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: SCOPES });
    expect(body.refresh_token).toBeTruthy();
  });

  it('a temporary grant brings no refresh token', async () => {
    const body = await connect(emu, { duration: 'temporary' });
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeUndefined();
  });

  it('a wrong client secret in the Basic auth is 401', async () => {
    const code = await codeFor(emu);
    const wrong = `Basic ${Buffer.from('fanout-sandbox:wrong').toString('base64')}`;
    const res = await tokenRequest(
      emu,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { authorization: wrong },
    );
    expect(res).toEqual({ status: 401, body: { message: 'Unauthorized', error: 401 } });
  });

  it('a used code is answered 200 {error: invalid_grant}', async () => {
    const code = await codeFor(emu);
    expect((await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).status).toBe(
      200,
    );
    expect(await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).toEqual({
      status: 200,
      body: { error: 'invalid_grant' },
    });
  });

  it('refresh keeps the refresh token and gives a working access token', async () => {
    const first = await connect(emu);
    const res = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.refresh_token! });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toBe(first.refresh_token);
    expect(res.body.access_token).not.toBe(first.access_token);
    expect((await api(emu, res.body.access_token, '/api/v1/me')).status).toBe(200);
    const again = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.refresh_token! });
    expect(again.body.access_token).toBeTruthy();
  });

  it('a request without a proper User-Agent is answered 429', async () => {
    const code = await codeFor(emu);
    const res = await tokenRequest(
      emu,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { 'user-agent': 'node' },
    );
    expect(res.status).toBe(429);
  });
});

describe('Reddit API checks', () => {
  it('/api/v1/me answers the account with rate-limit headers that count', async () => {
    const { access_token } = await connect(emu);
    const first = await api(emu, access_token, '/api/v1/me');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: expect.any(String),
      name: 'fanout_sandbox',
      icon_img: expect.stringMatching(/_avatar\/reddit/),
    });
    const used = Number(first.headers.get('x-ratelimit-used'));
    expect(used).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(600 - used);
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    const second = await api(emu, access_token, '/api/v1/me');
    expect(Number(second.headers.get('x-ratelimit-used'))).toBe(used + 1);
  });

  it.each([['python-requests/2.31'], ['web:fanout:1.0'], ['web:fanout:1.0 (by fanout)']])(
    'User-Agent %s is answered 429',
    async (ua) => {
      const { access_token } = await connect(emu);
      const res = await api(emu, access_token, '/api/v1/me', undefined, { 'user-agent': ua });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: 'Too Many Requests', error: 429 });
    },
  );

  it('an expired token is 401 {message: Unauthorized, error: 401}', async () => {
    const { access_token } = await connect(emu);
    await fetch(`${emu.url}/_control/expire-tokens`, { method: 'POST', body: JSON.stringify({ platform: 'reddit' }) });
    const res = await api(emu, access_token, '/api/v1/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', error: 401 });
  });

  it('a token without the scope is 403 Forbidden', async () => {
    const { access_token } = await connect(emu, { scope: 'read' });
    const res = await api(emu, access_token, '/api/v1/me');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Forbidden', error: 403 });
  });

  it('an unknown token is 401', async () => {
    const res = await api(emu, 'reddit-at.nothing', '/api/v1/me', undefined, { 'user-agent': UA });
    expect(res.status).toBe(401);
  });
});
