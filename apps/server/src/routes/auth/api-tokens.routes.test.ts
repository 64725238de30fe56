import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findSessionByTokenHash } from '../../repositories/sessions.repository';
import { hashToken } from '../../services/session.service';

const MINUTE = 60_000;

describe('personal API tokens', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let projectId: number;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(() => stopTestServer(server));

  async function makeToken(who: RegisteredUser, body: Record<string, unknown>) {
    const res = await api(server, who.token).post('/api/auth/tokens', body);
    expect(res.status).toBe(201);
    return res.body as { token: { id: number; name: string }; secret: string };
  }

  it('shows the secret once, keeps only its hash, lists the token with its last use, and takes it as Bearer', async () => {
    const created = await makeToken(owner, { name: 'n8n', scopes: ['write', 'read'] });
    expect(created.token).toEqual({
      id: expect.any(Number),
      name: 'n8n',
      scopes: ['read', 'write'],
      expiresAt: null,
      createdAt: expect.any(String),
    });
    expect(created.secret).toMatch(/^fanout_pat_[A-Za-z0-9_-]{43}$/);
    const row = await server.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const before = (await api(server, owner.token).get('/api/auth/tokens')).body.tokens;
    expect(before).toEqual([{ ...created.token, lastUsedAt: null }]);
    expect(JSON.stringify(before)).not.toContain(created.secret);

    const bot = api(server, created.secret);
    const list = await bot.get(`/api/videos?project_id=${projectId}`);
    expect(list.status).toBe(200);
    expect((await bot.get('/api/auth/me')).body.user.id).toBe(owner.user.id);
    const made = await bot.post('/api/projects', {
      name: 'From a script',
      initials: 'FS',
      color1: '#111111',
      color2: '#222222',
    });
    expect(made.status).toBe(201);

    const after = (await api(server, owner.token).get('/api/auth/tokens')).body.tokens[0];
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.now() - MINUTE);

    const events = (await api(server, owner.token).get('/api/activity/security')).body.events;
    expect(events[0]).toMatchObject({ type: 'api_token_created', detail: { tokenName: 'n8n' } });
  });

  it('lets a read token only read', async () => {
    const { secret } = await makeToken(owner, { name: 'dashboard', scopes: ['read'] });
    const bot = api(server, secret);
    expect((await bot.get('/api/projects')).status).toBe(200);
    const write = await bot.post('/api/projects', {
      name: 'Nope',
      initials: 'NO',
      color1: '#111111',
      color2: '#222222',
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('api_token_scope');
    expect((await bot.delete(`/api/projects/${projectId}`)).status).toBe(403);
    expect((await api(server, owner.token).get(`/api/videos?project_id=${projectId}`)).status).toBe(200);
  });

  it('refuses the security calls to any token, with a code that says why', async () => {
    const { secret, token } = await makeToken(owner, { name: 'all', scopes: ['read', 'write'] });
    const bot = api(server, secret);
    const calls = [
      bot.get('/api/auth/tokens'),
      bot.post('/api/auth/tokens', { name: 'child', scopes: ['write'] }),
      bot.delete(`/api/auth/tokens/${token.id}`),
      bot.post('/api/auth/password', { currentPassword: owner.password, newPassword: 'another long passphrase 42' }),
      bot.post('/api/auth/reauthenticate', { password: owner.password }),
      bot.get('/api/auth/sessions'),
      bot.post('/api/auth/sessions/revoke-others'),
      bot.post('/api/auth/2fa/setup'),
      bot.get('/api/auth/2fa/status'),
      bot.get('/api/auth/passkey/list'),
      bot.post('/api/auth/passkey/register/options'),
      bot.post('/api/auth/logout'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('api_token_not_allowed');
    }
    // Nothing changed: the token still works and the password is the same.
    expect((await bot.get('/api/auth/me')).status).toBe(200);
    expect(
      (await api(server).post('/api/auth/login', { identifier: owner.user.email, password: owner.password })).status,
    ).toBe(200);
  });

  it('stops taking a token once revoked or expired', async () => {
    const { secret, token } = await makeToken(owner, { name: 'short', scopes: ['read'] });
    const bot = api(server, secret);
    expect((await bot.get('/api/auth/me')).status).toBe(200);
    expect((await api(server, owner.token).delete(`/api/auth/tokens/${token.id}`)).status).toBe(200);
    expect((await bot.get('/api/auth/me')).status).toBe(401);
    expect((await api(server, owner.token).delete(`/api/auth/tokens/${token.id}`)).status).toBe(404);
    const listed = (await api(server, owner.token).get('/api/auth/tokens')).body.tokens;
    expect(listed.map((t: { id: number }) => t.id)).not.toContain(token.id);

    const soon = await makeToken(owner, {
      name: 'expiring',
      scopes: ['read'],
      expiresAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
    });
    expect((await api(server, soon.secret).get('/api/auth/me')).status).toBe(200);
    await server.ctx.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', soon.token.id)
      .execute();
    expect((await api(server, soon.secret).get('/api/auth/me')).status).toBe(401);
  });

  it('needs a recent sign-in to make one, and refuses bad input', async () => {
    const person = await registerUser(server);
    const client = api(server, person.token);
    const bad = [
      {},
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(101), scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x', scopes: ['read'], expiresAt: 'tomorrow' },
      { name: 'x', scopes: ['read'], expiresAt: new Date(Date.now() - MINUTE).toISOString() },
    ];
    for (const body of bad) {
      const res = await client.post('/api/auth/tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await client.delete('/api/auth/tokens/abc')).status).toBe(400);
    expect((await api(server).get('/api/auth/tokens')).status).toBe(401);
    expect((await api(server, 'fanout_pat_not-a-real-token').get('/api/auth/me')).status).toBe(401);

    const session = await findSessionByTokenHash(server.ctx.db, hashToken(person.token));
    await server.ctx.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 30 * MINUTE) })
      .where('id', '=', session!.sessionId)
      .execute();
    const stale = await client.post('/api/auth/tokens', { name: 'late', scopes: ['read'] });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('reauthentication_required');
    expect((await client.post('/api/auth/reauthenticate', { password: person.password })).status).toBe(200);
    expect((await client.post('/api/auth/tokens', { name: 'late', scopes: ['read'] })).status).toBe(201);
  });

  it("keeps each person's tokens to themselves", async () => {
    const mine = await makeToken(owner, { name: 'mine', scopes: ['read', 'write'] });
    const stranger = await registerUser(server);
    const theirs = api(server, stranger.token);
    expect((await theirs.get('/api/auth/tokens')).body.tokens).toEqual([]);
    expect((await theirs.delete(`/api/auth/tokens/${mine.token.id}`)).status).toBe(404);
    expect((await api(server, mine.secret).get('/api/auth/me')).status).toBe(200);
    // A token reaches only its owner's things.
    const strangerProject = await createProject(server, stranger.token);
    expect((await api(server, mine.secret).get(`/api/videos?project_id=${strangerProject.id}`)).status).toBe(404);
  });
});
