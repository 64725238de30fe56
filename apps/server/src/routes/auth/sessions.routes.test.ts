import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type RegisteredUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('sessions, password change and the security activity', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** Signs in again from a device with this User-Agent; answers the new session's token. */
  async function signInFrom(owner: RegisteredUser, userAgent: string, password = owner.password): Promise<string> {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ identifier: owner.user.email, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  it('lists where the account is signed in, with the device and which session is this one', async () => {
    const owner = await registerUser(server);
    const laptop = await signInFrom(owner, FIREFOX_WINDOWS);
    await signInFrom(owner, SAFARI_IPHONE);

    const res = await api(server, laptop).get('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(3);
    const current = res.body.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toEqual([
      {
        id: expect.any(Number),
        device: 'Firefox on Windows',
        ip: '127.0.0.1',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        expiresAt: expect.any(String),
        current: true,
      },
    ]);
    expect(res.body.sessions.map((s: { device: string }) => s.device)).toContain('Safari on iOS');
  });

  it('signs one session out: its token stops working at once', async () => {
    const owner = await registerUser(server);
    const phone = await signInFrom(owner, SAFARI_IPHONE);
    const sessions = (await api(server, owner.token).get('/api/auth/sessions')).body.sessions;
    const phoneSession = sessions.find((s: { device: string }) => s.device === 'Safari on iOS');

    const res = await api(server, owner.token).delete(`/api/auth/sessions/${phoneSession.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const after = await api(server, phone).get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthorized');
    expect((await api(server, owner.token).get('/api/auth/sessions')).body.sessions).toHaveLength(1);
    expect((await api(server, owner.token).delete(`/api/auth/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it('cannot see or end another account’s sessions', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const [theirs] = (await api(server, stranger.token).get('/api/auth/sessions')).body.sessions;
    expect((await api(server, owner.token).delete(`/api/auth/sessions/${theirs.id}`)).status).toBe(404);
    expect((await api(server, stranger.token).get('/api/auth/me')).status).toBe(200);
    const mine = (await api(server, owner.token).get('/api/auth/sessions')).body.sessions;
    expect(mine.map((s: { id: number }) => s.id)).not.toContain(theirs.id);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const owner = await registerUser(server);
    const others = [await signInFrom(owner, FIREFOX_WINDOWS), await signInFrom(owner, SAFARI_IPHONE)];
    const res = await api(server, owner.token).post('/api/auth/sessions/revoke-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    for (const token of others) expect((await api(server, token).get('/api/auth/me')).status).toBe(401);
    expect((await api(server, owner.token).get('/api/auth/me')).status).toBe(200);
    expect((await api(server, owner.token).get('/api/auth/sessions')).body.sessions).toHaveLength(1);
  });

  it('changes the password only with the current one, and signs every other session out', async () => {
    const owner = await registerUser(server);
    const other = await signInFrom(owner, SAFARI_IPHONE);
    const change = (body: Record<string, unknown>) => api(server, owner.token).post('/api/auth/password', body);

    const wrong = await change({ currentPassword: 'not my password', newPassword: 'a new and long passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_password');
    expect((await api(server, owner.token).get('/api/auth/me')).status).toBe(200);
    expect((await change({ currentPassword: owner.password, newPassword: 'short' })).body.code).toBe(
      'validation_failed',
    );
    expect(
      (await change({ currentPassword: owner.password, newPassword: `${owner.user.username}-is-me` })).body.code,
    ).toBe('weak_password');
    expect((await change({ currentPassword: owner.password, newPassword: owner.password })).body.code).toBe(
      'same_password',
    );

    const res = await change({ currentPassword: owner.password, newPassword: 'a new and long passphrase' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, otherSessionsRevoked: 1 });
    expect((await api(server, other).get('/api/auth/me')).status).toBe(401);
    expect((await api(server, owner.token).get('/api/auth/me')).status).toBe(200);
    const old = await api(server).post('/api/auth/login', { identifier: owner.user.email, password: owner.password });
    expect(old.status).toBe(401);
    const fresh = await api(server).post('/api/auth/login', {
      identifier: owner.user.email,
      password: 'a new and long passphrase',
    });
    expect(fresh.status).toBe(200);
  });

  it('records security events for the Activity screen, newest first, in pages, for the owner only', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    await signInFrom(owner, FIREFOX_WINDOWS);
    await api(server, owner.token).post('/api/auth/sessions/revoke-others');
    await api(server, owner.token).post('/api/auth/password', {
      currentPassword: owner.password,
      newPassword: 'yet another long passphrase',
    });

    const all = await api(server, owner.token).get('/api/activity/security');
    expect(all.status).toBe(200);
    expect(all.body.events.map((e: { type: string }) => e.type)).toEqual([
      'password_changed',
      'other_sessions_revoked',
      'sign_in',
      'account_created',
    ]);
    expect(all.body.events[1].detail).toEqual({ count: 1 });
    expect(all.body.events[2]).toMatchObject({
      device: 'Firefox on Windows',
      ip: '127.0.0.1',
      detail: { method: 'password' },
      createdAt: expect.any(String),
    });
    expect(all.body.events[3]).toMatchObject({ type: 'account_created', detail: {} });
    expect(all.body.nextBefore).toBeNull();

    const first = await api(server, owner.token).get('/api/activity/security?limit=3');
    expect(first.body.events).toHaveLength(3);
    const rest = await api(server, owner.token).get(`/api/activity/security?limit=3&before=${first.body.nextBefore}`);
    expect(rest.body.events.map((e: { type: string }) => e.type)).toEqual(['account_created']);
    expect(rest.body.nextBefore).toBeNull();

    const theirs = await api(server, stranger.token).get('/api/activity/security');
    expect(theirs.body.events.map((e: { type: string }) => e.type)).toEqual(['account_created']);
    expect((await api(server).get('/api/activity/security')).status).toBe(401);
    expect((await api(server, owner.token).get('/api/activity/security?limit=500')).status).toBe(400);
  });

  it('needs a session for every session call', async () => {
    expect((await api(server).get('/api/auth/sessions')).status).toBe(401);
    expect((await api(server).delete('/api/auth/sessions/1')).status).toBe(401);
    expect((await api(server).post('/api/auth/sessions/revoke-others')).status).toBe(401);
    expect((await api(server).post('/api/auth/password', { currentPassword: 'x', newPassword: 'y' })).status).toBe(401);
  });
});
