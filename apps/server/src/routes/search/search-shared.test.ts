import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../../test/factories';
import { insertPost, personWithVideo } from '../../../test/notifications';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/**
 * Teams: the header's search and Recent cover the projects shared with the caller (docs/teams.md), as far as
 * their role lets them see: an editor the videos and posts, a client the posts only, a stranger nothing.
 */
describe('search and Recent across shared projects', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("finds a shared project's videos for an editor, its posts for a client, and nothing for a stranger", async () => {
    const owner = await personWithVideo(server, 'Lighthouse teaser');
    await insertPost(server, owner, { platform: 'youtube' });
    const as = {} as Record<'editor' | 'client' | 'stranger', ReturnType<typeof api>>;
    for (const role of ['editor', 'client', 'stranger'] as const) {
      const person = await registerUser(server);
      as[role] = api(server, person.token);
      if (role === 'stranger') continue;
      const added = await api(server, owner.token).post(`/api/projects/${owner.project.id}/members`, {
        email: person.user.email,
        role,
      });
      expect(added.status).toBe(201);
    }
    const kinds = async (who: keyof typeof as, path: string) => {
      const res = await as[who].get(path);
      expect(res.status).toBe(200);
      return (res.body.results as { name: string; post?: unknown }[])
        .filter((r) => r.name.includes('Lighthouse teaser'))
        .map((r) => (r.post ? 'post' : 'video'))
        .sort();
    };
    expect(await kinds('editor', '/api/search?q=lighthouse')).toEqual(['post', 'video']);
    expect(await kinds('client', '/api/search?q=lighthouse')).toEqual(['post']);
    expect(await kinds('stranger', '/api/search?q=lighthouse')).toEqual([]);
    expect(await kinds('editor', '/api/recent')).toEqual(['post', 'video']);
    expect(await kinds('client', '/api/recent')).toEqual(['post']);
    expect(await kinds('stranger', '/api/recent')).toEqual([]);
  });
});
