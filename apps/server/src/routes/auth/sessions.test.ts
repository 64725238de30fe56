import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findSessionByTokenHash, insertSession } from '../../repositories/sessions.repository';
import { findUserById } from '../../repositories/users.repository';
import { hashToken, newSessionToken } from '../../services/session.service';

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function sessionToken(userId: number, expiresAt: Date, lastUsedAt?: Date, createdAt?: Date) {
    const token = newSessionToken();
    await insertSession(server.ctx.db, { userId, tokenHash: hashToken(token), expiresAt, lastUsedAt, createdAt });
    return token;
  }

  const stored = async (token: string) => (await findSessionByTokenHash(server.ctx.db, hashToken(token)))!;
  const DAY = 24 * 3600 * 1000;

  it('refuses an expired session and accepts a live one', async () => {
    const { user } = await registerUser(server);
    const expired = await sessionToken(user.id, new Date(Date.now() - 1000));
    const res = await api(server, expired).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
    expect((await api(server, expired).get('/api/projects')).status).toBe(401);

    const live = await sessionToken(user.id, new Date(Date.now() + 60_000));
    expect((await api(server, live).get('/api/auth/me')).body.user.id).toBe(user.id);
  });

  it('keeps a session in use alive: extended once less than half its lifetime remains', async () => {
    const { user } = await registerUser(server);
    const ttl = server.ctx.config.sessionTtlMs;
    const minutesAgo = new Date(Date.now() - 5 * 60_000);
    const ending = await sessionToken(user.id, new Date(Date.now() + DAY), minutesAgo);
    const fresh = await sessionToken(user.id, new Date(Date.now() + ttl - DAY), minutesAgo);

    for (const token of [ending, fresh]) expect((await api(server, token).get('/api/auth/me')).status).toBe(200);

    const extended = await stored(ending);
    expect(new Date(extended.expiresAt).getTime()).toBeGreaterThan(Date.now() + ttl - 60_000);
    expect(new Date(extended.lastUsedAt).getTime()).toBeGreaterThan(minutesAgo.getTime());
    const untouchedExpiry = await stored(fresh);
    expect(new Date(untouchedExpiry.expiresAt).getTime()).toBeLessThan(Date.now() + ttl - DAY / 2);
    expect(new Date(untouchedExpiry.lastUsedAt).getTime()).toBeGreaterThan(minutesAgo.getTime());
  });

  it('never keeps a session past SESSION_MAX_DAYS after its sign-in, however much it is used', async () => {
    const { user } = await registerUser(server);
    const max = server.ctx.config.sessionMaxMs;
    const hourAgo = new Date(Date.now() - 3600_000);
    // Signed in nearly the maximum ago, used every day since, now in the last day of its lifetime.
    const old = await sessionToken(user.id, new Date(Date.now() + DAY / 2), hourAgo, new Date(Date.now() - max + DAY));
    expect((await api(server, old).get('/api/auth/me')).status).toBe(200);
    const capped = new Date((await stored(old)).expiresAt).getTime();
    expect(capped).toBeLessThanOrEqual(Date.now() + DAY);
    expect(capped).toBeGreaterThan(Date.now() + DAY / 2);
  });

  it('refuses a token once logged out, also for a second logout', async () => {
    const { token } = await registerUser(server);
    expect((await api(server, token).post('/api/auth/logout')).status).toBe(200);
    expect((await api(server, token).get('/api/projects')).status).toBe(401);
    expect((await api(server, token).post('/api/auth/logout')).status).toBe(401);
  });

  it('never sends the password, its hash or the stored token hash', async () => {
    const registered = await registerUser(server);
    const { user, password } = registered;
    const login = await api(server).post('/api/auth/login', { identifier: user.username, password });
    const client = api(server, login.body.token);
    const project = await createProject(server, login.body.token);
    const responses = [
      { token: registered.token, user: registered.user },
      login.body,
      (await client.get('/api/auth/me')).body,
      (await client.get('/api/projects')).body,
      (await client.patch(`/api/projects/${project.id}`, { name: 'Renamed' })).body,
    ];
    const stored = await findUserById(server.ctx.db, user.id);
    const secrets = [stored?.password_hash, hashToken(registered.token), hashToken(login.body.token), password];
    for (const body of responses) {
      const text = JSON.stringify(body);
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/password_?hash|token_?hash|\$argon2/i);
    }
  });

  it('stores the password as an argon2id hash', async () => {
    const { user } = await registerUser(server);
    expect((await findUserById(server.ctx.db, user.id))?.password_hash).toMatch(/^\$argon2id\$/);
  });
});
