import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

let seq = 0;
function identity(overrides: Record<string, unknown> = {}) {
  const n = `reg${Date.now().toString(36)}${seq++}`;
  return {
    email: `${n}@example.com`,
    username: n,
    fullName: 'Grace Hopper',
    password: 'compilers are friends',
    ...overrides,
  };
}

describe('registration rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const register = (body: unknown) => api(server).post('/api/auth/register', body);

  it('refuses a taken e-mail address or username, whatever the case', async () => {
    const first = await registerUser(server);
    const sameEmail = await register(identity({ email: first.user.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ error: expect.stringContaining('e-mail'), code: 'email_taken' });
    const sameName = await register(identity({ username: first.user.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: expect.stringContaining('username'), code: 'username_taken' });
  });

  it('lets only one of two simultaneous sign-ups with the same username through', async () => {
    const username = identity().username;
    const results = await Promise.all([register(identity({ username })), register(identity({ username }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('username_taken');
  });

  it.each([
    ['equal to the username', (u: string) => u, 'username'],
    ['containing the username', (u: string) => `my ${u} secret`, 'username'],
  ])('refuses a password %s', async (_label, make, word) => {
    const body = identity();
    const res = await register({ ...body, password: make(body.username) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(word), code: 'weak_password' });
  });

  it('refuses a password containing the local part of the e-mail address', async () => {
    const res = await register(identity({ email: 'grace.hopper@example.com', password: 'xx Grace.Hopper 1906' }));
    expect(res.body).toEqual({ error: 'Password must not contain your e-mail address', code: 'weak_password' });
  });

  it.each(['password1234', 'Password1234', '123456789012', 'qwertyuiop12', 'aaaaaaaaaaaaaaaa', 'abababab1212'])(
    'refuses the common or repetitive password %s',
    async (password) => {
      const res = await register(identity({ password }));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('weak_password');
    },
  );

  it('creates nothing when it refuses a sign-up', async () => {
    const body = identity({ password: 'password1234' });
    expect((await register(body)).status).toBe(400);
    const login = await api(server).post('/api/auth/login', { identifier: body.username, password: 'password1234' });
    expect(login.status).toBe(401);
    expect((await register({ ...body, password: 'a perfectly fine passphrase' })).status).toBe(201);
  });

  it.each([
    ['a missing field', { fullName: undefined }, 'fullName'],
    ['a number as username', { username: 12345 }, 'username'],
    ['a bad e-mail address', { email: 'not-an-address' }, 'email'],
    ['a too-long e-mail address', { email: `${'a'.repeat(250)}@example.com` }, 'email'],
    ['a too-short username', { username: 'ab' }, 'username'],
    ['a too-long username', { username: 'a'.repeat(31) }, 'username'],
    ['a username with spaces', { username: 'two words' }, 'username'],
    ['a too-short password', { password: 'short pass1' }, 'password'],
    ['a too-long password', { password: 'x1'.repeat(65) }, 'password'],
    ['a blank full name', { fullName: '   ' }, 'fullName'],
    ['a too-long full name', { fullName: 'n'.repeat(101) }, 'fullName'],
  ])('answers 400 validation_failed for %s', async (_label, overrides, field) => {
    const res = await register(identity(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field), code: 'validation_failed' });
  });

  it('answers 400 invalid_json for a malformed body', async () => {
    const res = await api(server).raw('POST', '/api/auth/register', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_json' });
  });

  it('ignores unknown fields and stores the e-mail in lower case', async () => {
    const body = identity({ email: 'Mixed.Case@Example.COM', isAdmin: true, id: 1 });
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe('mixed.case@example.com');
    expect(res.body.user).not.toHaveProperty('isAdmin');
  });
});
