import { afterAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('data survives a restart', () => {
  let second: TestServer | undefined;
  afterAll(() => stopTestServer(second));

  it('keeps accounts, sessions and projects when the server starts again on the same data', async () => {
    // On PGlite: a database created from nothing and migrated, as on the very first start.
    const first = await startTestServer({}, undefined, { createDatabase: true });
    const { user, password, token } = await registerUser(first);
    const project = await createProject(first, token, { name: 'Survivor', initials: 'SU' });
    await first.close();

    second = await startTestServer({}, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    const login = await api(second).post('/api/auth/login', { identifier: user.username, password });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual(user);
    const projects = await api(second, login.body.token).get('/api/projects');
    expect(projects.body.map((p: { name: string }) => p.name)).toEqual(['My Project', 'Survivor']);
    expect(projects.body[1]).toEqual(project);
    expect((await api(second, token).get('/api/auth/me')).body.user.id).toBe(user.id);
  });
});
