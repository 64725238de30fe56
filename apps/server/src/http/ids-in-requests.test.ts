import { IdText } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, insertVideoRow, registerUser, type RegisteredUser } from '../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';

const NOT_AN_ID = 'Expected a positive whole number';

describe('IdText', () => {
  it('reads plain decimal digits up to 2^31-1', () => {
    expect(IdText.parse('1')).toBe(1);
    expect(IdText.parse('42')).toBe(42);
    expect(IdText.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0x10', '1e3', '+1', '-1', '01', '0', '1.0', ' 1', '1 ', '', '2147483648', '99999999999', '１'])(
    'refuses %j',
    (text) => {
      const parsed = IdText.safeParse(text);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(NOT_AN_ID);
    },
  );
});

describe('ids in paths, query strings and bodies', () => {
  let server: TestServer;
  let user: RegisteredUser;
  let projectId: number;
  let videoId: number;

  beforeAll(async () => {
    server = await startTestServer();
    user = await registerUser(server);
    projectId = (await createProject(server, user.token)).id;
    await insertVideoRow(server, { userId: user.user.id, projectId });
    videoId = (await api(server, user.token).get('/api/videos')).body[0].id;
  });
  afterAll(() => stopTestServer(server));

  it.each([
    ['DELETE', '/api/videos/0x10'],
    ['GET', '/api/videos/1e3'],
    ['GET', '/api/videos/+1'],
    ['GET', '/api/videos/%201'],
    ['GET', '/api/videos/0'],
    ['GET', '/api/videos/2147483648'],
    ['DELETE', '/api/projects/0x1'],
    ['GET', '/api/videos?project_id=0x1'],
    ['GET', '/api/videos?project_id=1e0'],
    ['GET', '/api/connected-platforms?project_id=01'],
    ['GET', '/api/projects?user_id=%2B1'],
  ])('%s %s → 400 validation_failed', async (method, path) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.code).toBe('validation_failed');
    expect(body.error).toContain(NOT_AN_ID);
  });

  it('does not read a hex id as the video it would name', async () => {
    const hex = `0x${videoId.toString(16)}`;
    const res = await api(server, user.token).delete(`/api/videos/${hex}`);
    expect(res.status).toBe(400);
    expect((await api(server, user.token).get(`/api/videos/${videoId}`)).status).toBe(200);
  });

  it('still takes plain ids', async () => {
    const client = api(server, user.token);
    expect((await client.get(`/api/videos/${videoId}`)).status).toBe(200);
    expect((await client.get(`/api/videos?project_id=${projectId}`)).body).toHaveLength(1);
    expect((await client.get(`/api/connected-platforms?project_id=${projectId}`)).status).toBe(200);
    expect((await client.get(`/api/projects?user_id=${user.user.id}`)).status).toBe(200);
  });

  it('refuses an id over 2^31-1 in a JSON body with 400, not a database error', async () => {
    const client = api(server, user.token);
    const bulk = await client.post('/api/videos/bulk-delete', { videoIds: [2 ** 31] });
    expect(bulk.status).toBe(400);
    // Refused by the contract, naming the field, before any query (not by the database's safety net).
    expect(bulk.body).toEqual({ error: expect.stringMatching(/^videoIds\.0: /), code: 'validation_failed' });
    const project = await client.post('/api/projects', {
      name: 'Big owner',
      initials: 'BO',
      color1: '#3b82f6',
      color2: '#9333ea',
      user_id: 2 ** 31,
    });
    expect(project.status).toBe(400);
    expect(project.body).toEqual({ error: expect.stringMatching(/^user_id: /), code: 'validation_failed' });
  });
});
