import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, authHeaders, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const GENERIC_LOGIN_ERROR = 'Invalid username/e-mail or password';

function newIdentity(tag: string) {
  const n = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  return { email: `${n}@example.com`, username: n, fullName: 'Ada Lovelace', password: 'analytical engine 1843' };
}

describe('register, login, me, logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('registers an account and answers with a token and the user', async () => {
    const identity = newIdentity('ada');
    const res = await api(server).post('/api/auth/register', { ...identity, email: identity.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toEqual({
      id: expect.any(Number),
      username: identity.username,
      email: identity.email,
      fullName: 'Ada Lovelace',
      timeZone: 'UTC',
      askBeforeLivePublish: true,
      createdAt: expect.any(String),
    });
    const me = await api(server, res.body.token).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: res.body.user });
  });

  it('signs in by username and by e-mail, ignoring case', async () => {
    const { user, password } = await registerUser(server);
    for (const identifier of [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase()]) {
      const res = await api(server).post('/api/auth/login', { identifier, password });
      expect(res.status).toBe(200);
      expect(res.body.user).toEqual(user);
      const me = await api(server, res.body.token).get('/api/auth/me');
      expect(me.body.user.id).toBe(user.id);
    }
  });

  it('gives one generic answer for a wrong password and for an unknown account', async () => {
    const { user } = await registerUser(server);
    const wrong = await api(server).post('/api/auth/login', { identifier: user.email, password: 'not the password!' });
    const unknown = await api(server).post('/api/auth/login', {
      identifier: 'nobody-here@example.com',
      password: 'not the password!',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: GENERIC_LOGIN_ERROR, code: 'invalid_credentials' });
    }
  });

  it('logs out: the token stops working, other sessions keep working', async () => {
    const { token, user, password } = await registerUser(server);
    const other = await api(server).post('/api/auth/login', { identifier: user.username, password });
    const out = await api(server, token).post('/api/auth/logout');
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    const me = await api(server, token).get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('unauthorized');
    expect((await api(server, other.body.token).get('/api/auth/me')).status).toBe(200);
  });

  it('refuses anonymous and made-up tokens', async () => {
    expect((await api(server).get('/api/auth/me')).body).toEqual({ error: expect.any(String), code: 'unauthorized' });
    const res = await fetch(`${server.url}/api/auth/me`, { headers: authHeaders('x'.repeat(43)) });
    expect(res.status).toBe(401);
    const basic = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('accepts the two-factor fields on login and ignores them while two-factor is off', async () => {
    const { user, password } = await registerUser(server);
    const res = await api(server).post('/api/auth/login', {
      identifier: user.username,
      password,
      twoFactorToken: '123456',
      isBackupCode: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it.each([
    ['no identifier', { password: 'whatever password' }],
    ['no password', { identifier: 'someone' }],
    ['a blank identifier', { identifier: '   ', password: 'whatever password' }],
    ['a number as password', { identifier: 'someone', password: 123456789012 }],
    ['a string as isBackupCode', { identifier: 'someone', password: 'whatever password', isBackupCode: 'yes' }],
  ])('answers 400 validation_failed for a login with %s', async (_label, body) => {
    const res = await api(server).post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('answers 400 invalid_json for a malformed login body', async () => {
    const res = await api(server).raw('POST', '/api/auth/login', '{identifier: nope}');
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
  });

  it('describes the account and project calls in the OpenAPI document', async () => {
    const doc = (await api(server).get('/api/openapi.json')).body;
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/me', '/api/auth/logout', '/api/projects']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/projects/{id}'].delete.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('describes the sign-in security, activity and search calls in the OpenAPI document', async () => {
    const doc = (await api(server).get('/api/openapi.json')).body;
    const calls = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/2fa/setup',
        'POST /api/auth/2fa/enable',
        'GET /api/auth/2fa/status',
        'POST /api/auth/2fa/disable',
        'POST /api/auth/2fa/backup-codes',
        'POST /api/auth/passkey/register/options',
        'POST /api/auth/passkey/register/verify',
        'POST /api/auth/passkey/authenticate/options',
        'POST /api/auth/passkey/authenticate/verify',
        'GET /api/auth/passkey/list',
        'PATCH /api/auth/passkey/{id}',
        'DELETE /api/auth/passkey/{id}',
        'POST /api/auth/google/start',
        'POST /api/auth/google',
        'POST /api/auth/google/2fa',
        'GET /api/auth/sessions',
        'DELETE /api/auth/sessions/{id}',
        'POST /api/auth/sessions/revoke-others',
        'POST /api/auth/password',
        'GET /api/activity/security',
        'GET /api/search',
      ]),
    );
    // Signing in with a passkey needs no session; managing passkeys does.
    expect(doc.paths['/api/auth/passkey/authenticate/verify'].post.security).toBeUndefined();
    expect(doc.paths['/api/auth/passkey/list'].get.security).toEqual([{ bearer: [] }]);
  });
});
