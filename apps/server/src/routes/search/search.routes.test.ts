import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('GET /api/search', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let beach: Video;
  let city: Video;
  let percent: Video;

  const search = (q: string, user = owner) => api(server, user.token).get(`/api/search?q=${encodeURIComponent(q)}`);

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
    const project = await createProject(server, owner.token, { name: 'Travel Vlog' });
    const file = mediaFixtures().video;
    const up = async (title: string) =>
      (await uploadVideo(server, owner.token, { file, projectId: project.id, title })).body.video as Video;
    beach = await up('Beach Day');
    city = await up('City walk');
    percent = await up('100% real_footage');
    await api(server, owner.token).patch(`/api/videos/${city.id}`, {
      description: 'Night lights downtown',
      tags: ['Architecture'],
    });
    const other = await registerUser(server);
    const theirs = await createProject(server, other.token);
    await uploadVideo(server, other.token, { file, projectId: theirs.id, title: 'Beach party' });
  });
  afterAll(() => stopTestServer(server));

  it('finds the caller’s videos by title, description or tag, ignoring case', async () => {
    const byTitle = await search('beach');
    expect(byTitle.status).toBe(200);
    expect(byTitle.body.results).toEqual([
      {
        ref: `/video/${beach.id}`,
        type: 'video',
        name: 'Beach Day',
        drive: 'Travel Vlog',
        owner: owner.user.username,
        modified: expect.any(String),
      },
    ]);
    expect(Date.parse(byTitle.body.results[0].modified)).not.toBeNaN();
    expect((await search('DOWNTOWN')).body.results.map((r: { name: string }) => r.name)).toEqual(['City walk']);
    expect((await search('architect')).body.results.map((r: { name: string }) => r.name)).toEqual(['City walk']);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('%')).body.results.map((r: { ref: string }) => r.ref)).toEqual([`/video/${percent.id}`]);
    // Unescaped, '_' would match any one character ('rea_' ~ 'real', '100_' ~ '100%').
    expect((await search('rea_')).body.results).toEqual([]);
    expect((await search('100_')).body.results).toEqual([]);
    expect((await search('real_')).body.results).toHaveLength(1);
  });

  it('answers an empty query with no results, and caps the list at 20', async () => {
    expect((await search('')).body).toEqual({ results: [] });
    expect((await search('   ')).body).toEqual({ results: [] });
    expect((await api(server, owner.token).get('/api/search')).body).toEqual({ results: [] });

    const many = await registerUser(server);
    const project = await createProject(server, many.token);
    const file = mediaFixtures().video;
    const uploads = Array.from({ length: 21 }, (_, i) =>
      uploadVideo(server, many.token, { file, projectId: project.id, title: `Clip ${i}` }),
    );
    expect((await Promise.all(uploads)).every((r) => r.status === 201)).toBe(true);
    expect((await search('clip', many)).body.results).toHaveLength(20);
  });

  it('requires the Bearer token', async () => {
    expect((await api(server).get('/api/search?q=beach')).status).toBe(401);
  });
});
