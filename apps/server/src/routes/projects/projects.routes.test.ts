import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('projects', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('starts every account with one project and lists new ones after it', async () => {
    const { token, user } = await registerUser(server);
    const created = await createProject(server, token, { name: 'Launch', initials: 'LA' });
    expect(created).toMatchObject({ name: 'Launch', initials: 'LA', video_count: 0, user_id: user.id });
    const list = await api(server, token).get('/api/projects');
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['My Project', 'Launch']);
  });
});
