import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const valid = { name: 'Launch', initials: 'LA', color1: '#3b82f6', color2: '#9333ea' };

describe('project input checks', () => {
  let server: TestServer;
  let token: string;
  let projectId: number;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await registerUser(server)).token;
    projectId = (await createProject(server, token)).id;
  });
  afterAll(() => stopTestServer(server));

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing name', { name: undefined }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a too-long name', { name: 'n'.repeat(81) }, 'name'],
    ['a number as name', { name: 42 }, 'name'],
    ['initials longer than 2 characters', { initials: 'ABC' }, 'initials'],
    ['empty initials', { initials: '' }, 'initials'],
    ['a colour name', { color1: 'red' }, 'color1'],
    ['a short hex colour', { color2: '#fff' }, 'color2'],
    ['a hex colour with bad digits', { color1: '#gggggg' }, 'color1'],
    ['a colour without #', { color2: '9333ea' }, 'color2'],
    ['user_id as a string', { user_id: 'me' }, 'user_id'],
  ];

  it.each(invalid)('refuses to create a project with %s', async (_label, overrides, field) => {
    const before = (await api(server, token).get('/api/projects')).body.length;
    const res = await api(server, token).post('/api/projects', { ...valid, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field), code: 'validation_failed' });
    expect((await api(server, token).get('/api/projects')).body).toHaveLength(before);
  });

  it.each(invalid.filter(([, o]) => !('user_id' in o) && !('name' in o && o.name === undefined)))(
    'refuses to change a project to %s',
    async (_label, overrides, field) => {
      const res = await api(server, token).patch(`/api/projects/${projectId}`, overrides);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining(field), code: 'validation_failed' });
    },
  );

  it('refuses a change with nothing to change', async () => {
    for (const body of [{}, { owner: 'someone' }]) {
      const res = await api(server, token).patch(`/api/projects/${projectId}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining('Nothing to change'), code: 'validation_failed' });
    }
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    for (const [method, path] of [
      ['POST', '/api/projects'],
      ['PATCH', `/api/projects/${projectId}`],
    ] as const) {
      const res = await api(server, token).raw(method, path, '{"name": "Launch",');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_json' });
    }
  });

  it('answers 400 for an id or user_id that is not a positive number', async () => {
    for (const path of ['/api/projects/abc', '/api/projects/0', '/api/projects/-3', '/api/projects/99999999999']) {
      const res = await api(server, token).patch(path, { name: 'X' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const res = await api(server, token).get('/api/projects?user_id=abc');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('ignores unknown fields', async () => {
    const res = await api(server, token).post('/api/projects', { ...valid, video_count: 99, id: 1, owner: 'x' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...valid, video_count: 0 });
    expect(res.body).not.toHaveProperty('owner');
  });
});
