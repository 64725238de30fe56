import type { PlatformKey } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmPending,
  connectAccount,
  deliverCallback,
  pendingIdOf,
  pendingLocation,
  sandboxEmulator,
  startConnect,
} from '../../../test/connections';
import { control, decideOnAuthorizePage } from '../../../test/emulator';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { storePendingConnection, takePendingConnection } from '../../services/connections/pending-connection';

const PLATFORM: PlatformKey = 'tiktok';

describe('confirming a pending connection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** Start as `starter`, Approve on the platform's page, and bring the answer back in any browser. */
  async function approvedPending(starter: RegisteredUser, projectId: number, platform = PLATFORM) {
    const back = await decideOnAuthorizePage(await startConnect(server, starter.token, platform, projectId), 'approve');
    const location = await deliverCallback(server, back);
    expect(location).toMatch(pendingLocation(platform));
    return pendingIdOf(location)!;
  }
  const storedFor = (userId: number) =>
    server.ctx.db.selectFrom('platform_connections').select('id').where('user_id', '=', userId).execute();
  const pendingRowsOf = (userId: number) =>
    server.ctx.db
      .selectFrom('auth_challenges')
      .selectAll()
      .where('purpose', '=', 'platform-connect-pending')
      .where('user_id', '=', userId)
      .execute();
  const expired = { status: 410, body: { error: expect.any(String), code: 'expired' } };

  it("refuses another account's confirmation, stores nothing for either, and drops the grant for its starter too", async () => {
    // The attacker starts connecting to their own project and sends the authorize link to the victim, who
    // approves it on the platform: the callback lands in the victim's browser, signed in to Fanout.
    const attacker = await registerUser(server);
    const victim = await registerUser(server);
    const attackersProject = await createProject(server, attacker.token);
    const victimsProject = await createProject(server, victim.token);
    const id = await approvedPending(attacker, attackersProject.id);

    expect(await confirmPending(server, victim.token, id)).toMatchObject({
      status: 403,
      body: { error: expect.stringContaining('started by another Fanout account'), code: 'wrong_account' },
    });
    expect(await storedFor(attacker.user.id)).toEqual([]);
    expect(await storedFor(victim.user.id)).toEqual([]);
    for (const [who, project] of [
      [attacker, attackersProject],
      [victim, victimsProject],
    ] as const) {
      const listed = await api(server, who.token).get(`/api/connections?project_id=${project.id}`);
      expect(listed.body.connections).toEqual([]);
    }
    // Dropped: its starter cannot confirm it afterwards either.
    expect(await pendingRowsOf(attacker.user.id)).toEqual([]);
    expect(await confirmPending(server, attacker.token, id)).toMatchObject(expired);
    expect(await storedFor(attacker.user.id)).toEqual([]);

    // The person who started it connects it.
    const own = await approvedPending(attacker, attackersProject.id);
    const confirmed = await confirmPending(server, attacker.token, own);
    expect(confirmed).toMatchObject({
      status: 200,
      body: { connection: { projectId: attackersProject.id, platform: PLATFORM, status: 'connected' } },
    });
    const listed = await api(server, attacker.token).get(`/api/connections?project_id=${attackersProject.id}`);
    expect(listed.body.connections).toEqual([confirmed.body.connection]);
  });

  it('refuses personal API tokens on start and confirm; the grant waits for the session', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const made = await api(server, person.token).post('/api/auth/tokens', {
      name: 'script',
      scopes: ['read', 'write'],
    });
    expect(made.status).toBe(201);
    const script = api(server, made.body.secret);
    const notAllowed = { status: 403, body: { error: expect.any(String), code: 'api_token_not_allowed' } };

    expect(await script.post(`/api/connections/${PLATFORM}/start`, { project_id: project.id })).toMatchObject(
      notAllowed,
    );
    const id = await approvedPending(person, project.id);
    expect(await confirmPending(server, made.body.secret, id)).toMatchObject(notAllowed);
    expect(await storedFor(person.user.id)).toHaveLength(0);
    expect((await confirmPending(server, person.token, id)).status).toBe(200);

    // Reading and disconnecting grant no platform account to anyone: a token with the write scope may.
    const [connection] = (await script.get(`/api/connections?project_id=${project.id}`)).body.connections;
    expect(connection).toMatchObject({ platform: PLATFORM });
    expect(await script.delete(`/api/connections/${connection.id}`)).toMatchObject({ status: 200 });
  });

  it('is single use: a second confirmation, even at the same moment, is refused', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const id = await approvedPending(person, project.id);
    const answers = await Promise.all([
      confirmPending(server, person.token, id),
      confirmPending(server, person.token, id),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(await confirmPending(server, person.token, id)).toMatchObject(expired);
    expect(await storedFor(person.user.id)).toHaveLength(1);
  });

  it('refuses an expired grant, deleting it as it is read; storing another sweeps the expired ones', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const expire = () =>
      server.ctx.db
        .updateTable('auth_challenges')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('purpose', '=', 'platform-connect-pending')
        .where('user_id', '=', person.user.id)
        .execute();

    const late = await approvedPending(person, project.id);
    await expire();
    expect(await confirmPending(server, person.token, late)).toMatchObject(expired);
    expect(await pendingRowsOf(person.user.id)).toEqual([]);

    const forgotten = await approvedPending(person, project.id);
    await expire();
    const fresh = await approvedPending(person, project.id);
    expect((await pendingRowsOf(person.user.id)).length).toBe(1);
    expect(await confirmPending(server, person.token, forgotten)).toMatchObject(expired);
    expect((await confirmPending(server, person.token, fresh)).status).toBe(200);
    expect(await storedFor(person.user.id)).toHaveLength(1);
  });

  it('refuses a grant whose project was deleted meanwhile, storing nothing', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const id = await approvedPending(person, project.id);
    expect((await api(server, person.token).delete(`/api/projects/${project.id}`)).status).toBe(200);
    expect(await confirmPending(server, person.token, id)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await storedFor(person.user.id)).toEqual([]);
  });

  it('keeps the grant sealed, under a random id of which only a hash is stored', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const ids = [await approvedPending(person, project.id), await approvedPending(person, project.id, 'youtube')];
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[\w-]{43}$/);

    const issued = (await control.tokens(sandboxEmulator(server))).items;
    const secrets = issued.flatMap((t) => [t.accessToken, t.refreshToken]).filter((t): t is string => !!t);
    const stored = JSON.stringify(await pendingRowsOf(person.user.id));
    for (const secret of [...secrets, ...ids]) expect(stored).not.toContain(secret);
  });

  it('will not open a sealed grant moved to another pending record', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const binding = { userId: person.user.id, projectId: project.id, platform: PLATFORM };
    const tokens = { accessToken: 'access-1', scopes: ['video.publish'], expiresAt: new Date('2031-01-02T03:04:05Z') };
    const grant = { accounts: [{ tokens, profile: { accountId: 'a1', name: 'Mia', avatarUrl: null } }], sandbox: true };
    const first = await storePendingConnection(server.ctx, binding, grant);
    const second = await storePendingConnection(server.ctx, binding, { ...grant, accounts: [...grant.accounts] });
    const rows = await pendingRowsOf(person.user.id);
    expect(rows).toHaveLength(2);
    // Swap the two sealed records: each id now finds the other's grant.
    const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
    await server.ctx.db.updateTable('auth_challenges').set({ challenge: b.challenge }).where('id', '=', a.id).execute();
    await server.ctx.db.updateTable('auth_challenges').set({ challenge: a.challenge }).where('id', '=', b.id).execute();
    for (const id of [first, second]) {
      const pending = await takePendingConnection(server.ctx, id);
      expect(pending).toMatchObject(binding);
      expect(() => pending!.openGrant()).toThrow();
    }

    // Unmoved, it opens to what was stored, dates and all.
    const third = await storePendingConnection(server.ctx, binding, grant);
    expect((await takePendingConnection(server.ctx, third))!.openGrant()).toEqual(grant);
  });

  it('answers a malformed id with 400 and an anonymous caller with 401', async () => {
    const { token } = await registerUser(server);
    for (const id of ['short', 'x'.repeat(44), `${'x'.repeat(42)}!`]) {
      expect(await confirmPending(server, token, encodeURIComponent(id))).toMatchObject({
        status: 400,
        body: { error: expect.any(String), code: 'validation_failed' },
      });
    }
    expect((await api(server).post(`/api/connections/pending/${'x'.repeat(43)}/confirm`)).status).toBe(401);
  });

  it('still reports a denial at the callback, with nothing pending', async () => {
    const person = await registerUser(server);
    const project = await createProject(server, person.token);
    const { location, connection } = await connectAccount(server, person.token, PLATFORM, project.id, 'deny');
    expect(location).toBe(`/accounts?error=access_denied&platform=${PLATFORM}`);
    expect(connection).toBeUndefined();
    expect(await pendingRowsOf(person.user.id)).toEqual([]);
  });
});
