import { PROJECT_COLOR_PAIRS } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('projects', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('starts every account with one project, then lists projects oldest first', async () => {
    const { token, user } = await registerUser(server);
    const first = await api(server, token).get('/api/projects');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      {
        id: expect.any(Number),
        name: 'My Project',
        initials: 'MP',
        color1: PROJECT_COLOR_PAIRS[0]![0],
        color2: PROJECT_COLOR_PAIRS[0]![1],
        video_count: 0,
        user_id: user.id,
        timeZone: 'UTC',
        createdAt: expect.any(String),
        role: 'owner',
        ownerName: null,
        needsApproval: false,
        clientsSeeAnalytics: false,
      },
    ]);
    const a = await createProject(server, token, { name: 'Launch', initials: 'LA' });
    const b = await createProject(server, token, { name: 'Behind the scenes', initials: 'BT' });
    const list = await api(server, token).get(`/api/projects?user_id=${user.id}`);
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([first.body[0].id, a.id, b.id]);
  });

  it('creates a project and answers 201 with it', async () => {
    const { token, user } = await registerUser(server);
    const res = await api(server, token).post('/api/projects', {
      name: '  Summer Campaign  ',
      initials: 'SC',
      color1: '#10B981',
      color2: '#14b8a6',
      user_id: user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Summer Campaign',
      initials: 'SC',
      color1: '#10b981',
      color2: '#14b8a6',
      video_count: 0,
      user_id: user.id,
      timeZone: 'UTC',
      createdAt: expect.any(String),
      role: 'owner',
      ownerName: null,
      needsApproval: false,
      clientsSeeAnalytics: false,
    });
  });

  it('never lists or creates for another user', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const list = await api(server, alice.token).get(`/api/projects?user_id=${bob.user.id}`);
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ error: expect.any(String), code: 'forbidden' });
    const create = await api(server, alice.token).post('/api/projects', {
      name: 'Sneaky',
      initials: 'SN',
      color1: '#ef4444',
      color2: '#dc2626',
      user_id: bob.user.id,
    });
    expect(create.status).toBe(403);
    const bobs = await api(server, bob.token).get('/api/projects');
    expect(bobs.body.map((p: { name: string }) => p.name)).toEqual(['My Project']);
    const alices = await api(server, alice.token).get('/api/projects');
    expect(alices.body).toHaveLength(1);
  });

  it('changes only the fields sent', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token, { name: 'Old name', initials: 'ON' });
    const renamed = await api(server, token).patch(`/api/projects/${project.id}`, { name: 'New name' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...project, name: 'New name' });
    const recoloured = await api(server, token).patch(`/api/projects/${project.id}`, {
      initials: 'NN',
      color1: '#8b5cf6',
      color2: '#ec4899',
    });
    expect(recoloured.body).toEqual({
      ...project,
      name: 'New name',
      initials: 'NN',
      color1: '#8b5cf6',
      color2: '#ec4899',
    });
    const list = await api(server, token).get('/api/projects');
    expect(list.body.find((p: { id: number }) => p.id === project.id)).toEqual(recoloured.body);
  });

  it("answers 404 for another user's project and leaves it unchanged", async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const project = await createProject(server, owner.token, { name: 'Private', initials: 'PR' });
    const patch = await api(server, stranger.token).patch(`/api/projects/${project.id}`, { name: 'Mine now' });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ error: 'Project not found', code: 'not_found' });
    const del = await api(server, stranger.token).delete(`/api/projects/${project.id}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ error: 'Project not found', code: 'not_found' });
    const ownerList = await api(server, owner.token).get('/api/projects');
    expect(ownerList.body.find((p: { id: number }) => p.id === project.id)).toEqual(project);
  });

  it('deletes a project', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const res = await api(server, token).delete(`/api/projects/${project.id}`);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const list = await api(server, token).get('/api/projects');
    expect(list.body.map((p: { id: number }) => p.id)).not.toContain(project.id);
    expect((await api(server, token).delete(`/api/projects/${project.id}`)).status).toBe(404);
    expect((await api(server, token).patch(`/api/projects/${project.id}`, { name: 'Back?' })).status).toBe(404);
  });

  it('refuses anonymous callers on every project call', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const anon = api(server);
    const calls = [
      anon.get('/api/projects'),
      anon.post('/api/projects', { name: 'X', initials: 'X', color1: '#ef4444', color2: '#dc2626' }),
      anon.patch(`/api/projects/${project.id}`, { name: 'X' }),
      anon.delete(`/api/projects/${project.id}`),
      api(server, 'not-a-real-token').get('/api/projects'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String), code: 'unauthorized' });
    }
    const list = await api(server, token).get('/api/projects');
    expect(list.body.find((p: { id: number }) => p.id === project.id)).toEqual(project);
  });
});
