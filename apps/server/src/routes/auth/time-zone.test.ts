import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

let seq = 0;
function identity(overrides: Record<string, unknown> = {}) {
  const n = `tz${Date.now().toString(36)}${seq++}`;
  return {
    email: `${n}@example.com`,
    username: n,
    fullName: 'Ada Lovelace',
    password: 'analytical engine 1843',
    ...overrides,
  };
}

describe("the user's time zone", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('is UTC for an account registered without one, and for its first project', async () => {
    const { token, user } = await registerUser(server);
    expect(user.timeZone).toBe('UTC');
    const projects = await api(server, token).get('/api/projects');
    expect(projects.body.map((p: { timeZone: string }) => p.timeZone)).toEqual(['UTC']);
  });

  it("keeps the browser's zone sent at registration, for the user and the first project", async () => {
    const body = identity({ timeZone: 'Europe/Berlin' });
    const res = await api(server).post('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(res.body.user.timeZone).toBe('Europe/Berlin');
    expect((await api(server, res.body.token).get('/api/auth/me')).body.user.timeZone).toBe('Europe/Berlin');
    const projects = await api(server, res.body.token).get('/api/projects');
    expect(projects.body.map((p: { timeZone: string }) => p.timeZone)).toEqual(['Europe/Berlin']);
    const login = await api(server).post('/api/auth/login', { identifier: body.username, password: body.password });
    expect(login.body.user.timeZone).toBe('Europe/Berlin');
  });

  it('refuses a registration with an unknown zone and creates nothing', async () => {
    const body = identity({ timeZone: 'Mars/Olympus' });
    const res = await api(server).post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining('Mars/Olympus'), code: 'invalid_time_zone' });
    expect((await api(server).post('/api/auth/register', { ...body, timeZone: 'Asia/Kolkata' })).status).toBe(201);
  });

  it('is changed with PATCH /api/auth/me and read back, for this user only', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const res = await api(server, alice.token).patch('/api/auth/me', { timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { ...alice.user, timeZone: 'America/New_York' } });
    expect((await api(server, alice.token).get('/api/auth/me')).body).toEqual(res.body);
    expect((await api(server, bob.token).get('/api/auth/me')).body.user.timeZone).toBe('UTC');
  });

  it('spells a zone as the platform lists it', async () => {
    const { token } = await registerUser(server);
    const res = await api(server, token).patch('/api/auth/me', { timeZone: ' australia/lord_howe ' });
    expect(res.status).toBe(200);
    expect(res.body.user.timeZone).toBe('Australia/Lord_Howe');
  });

  it.each(['Mars/Olympus', 'Europe/Berlinn', '+01:00', '', 'UTC; drop table users'])(
    'refuses the unknown zone %j with 400 invalid_time_zone and keeps the old one',
    async (timeZone) => {
      const { token } = await registerUser(server);
      const res = await api(server, token).patch('/api/auth/me', { timeZone });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_time_zone' });
      expect((await api(server, token).get('/api/auth/me')).body.user.timeZone).toBe('UTC');
    },
  );

  it.each([[{}], [{ timeZone: 42 }], [{ timeZone: 'x'.repeat(101) }]])(
    'refuses the malformed body %j with 400 validation_failed',
    async (body) => {
      const { token } = await registerUser(server);
      const res = await api(server, token).patch('/api/auth/me', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    },
  );

  it('needs a signed-in user', async () => {
    const res = await api(server).patch('/api/auth/me', { timeZone: 'Europe/Berlin' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it("gives a new project the owner's zone at creation, and keeps it when the owner's zone changes", async () => {
    const { token } = await registerUser(server);
    await api(server, token).patch('/api/auth/me', { timeZone: 'Asia/Kolkata' });
    const kolkata = await createProject(server, token, { name: 'Mumbai launch', initials: 'ML' });
    expect(kolkata.timeZone).toBe('Asia/Kolkata');

    await api(server, token).patch('/api/auth/me', { timeZone: 'Europe/Berlin' });
    const berlin = await createProject(server, token, { name: 'Berlin launch', initials: 'BL' });
    expect(berlin.timeZone).toBe('Europe/Berlin');

    const projects = await api(server, token).get('/api/projects');
    expect(projects.body.map((p: { name: string; timeZone: string }) => [p.name, p.timeZone])).toEqual([
      ['My Project', 'UTC'],
      ['Mumbai launch', 'Asia/Kolkata'],
      ['Berlin launch', 'Europe/Berlin'],
    ]);
    const renamed = await api(server, token).patch(`/api/projects/${kolkata.id}`, { name: 'Mumbai relaunch' });
    expect(renamed.body.timeZone).toBe('Asia/Kolkata');
  });
  it('asks before "Publish now" to a live account until the person turns that off, one setting at a time', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    expect(alice.user.askBeforeLivePublish).toBe(true);
    const off = await api(server, alice.token).patch('/api/auth/me', { askBeforeLivePublish: false });
    expect(off.status).toBe(200);
    expect(off.body.user).toEqual({ ...alice.user, askBeforeLivePublish: false });
    expect((await api(server, alice.token).get('/api/auth/me')).body.user.askBeforeLivePublish).toBe(false);
    expect((await api(server, bob.token).get('/api/auth/me')).body.user.askBeforeLivePublish).toBe(true);

    // The zone alone leaves the question as it is; nothing at all, or a wrong type, is refused.
    const zone = await api(server, alice.token).patch('/api/auth/me', { timeZone: 'Europe/Berlin' });
    expect(zone.body.user).toMatchObject({ timeZone: 'Europe/Berlin', askBeforeLivePublish: false });
    expect(await api(server, alice.token).patch('/api/auth/me', {})).toMatchObject({ status: 400 });
    expect(await api(server, alice.token).patch('/api/auth/me', { askBeforeLivePublish: 'no' })).toMatchObject({
      status: 400,
    });
  });
});
