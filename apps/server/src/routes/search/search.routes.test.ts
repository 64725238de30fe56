import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { seedVideos } from '../../../test/seed-videos';
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

  it('answers an empty query with no results', async () => {
    expect((await search('')).body).toEqual({ results: [], nextCursor: null });
    expect((await search('   ')).body).toEqual({ results: [], nextCursor: null });
    expect((await api(server, owner.token).get('/api/search')).body).toEqual({ results: [], nextCursor: null });
  });

  it('pages through every result, 50 at a time unless asked, videos and posts in one order', async () => {
    const many = await registerUser(server);
    const project = await createProject(server, many.token);
    const ids = await seedVideos(server.ctx.db, {
      userId: many.user.id,
      projectId: project.id,
      count: 60,
      title: (i) => `Clip ${i}`,
    });
    // Posts changed at the very moment of a video: the video comes first, then its posts, across page ends.
    const videoRows = await server.ctx.db
      .selectFrom('videos')
      .select(['id', 'updated_at'])
      .where('id', 'in', ids)
      .execute();
    for (const row of videoRows.filter((_, i) => i % 6 === 0)) {
      for (const platform of ['x', 'youtube']) {
        await server.ctx.db
          .insertInto('posts')
          .values({
            user_id: many.user.id,
            project_id: project.id,
            video_id: row.id,
            platform,
            status: 'published',
            scheduled_at: row.updated_at,
            created_at: row.updated_at,
            updated_at: row.updated_at,
          })
          .execute();
      }
    }
    const client = api(server, many.token);
    const first = await client.get('/api/search?q=clip');
    expect(first.body.results).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const whole = await client.get('/api/search?q=clip&limit=100');
    expect(whole.body.results).toHaveLength(80);
    expect(whole.body.nextCursor).toBeNull();
    expect(whole.body.results.slice(0, 50)).toEqual(first.body.results);

    const walked: unknown[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { results: unknown[]; nextCursor: string | null } } = await client.get(
        `/api/search?q=clip&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      walked.push(...res.body.results);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(whole.body.results);

    for (const bad of ['nope', `${String(first.body.nextCursor).slice(0, -1)}x`]) {
      const res = await client.get(`/api/search?q=clip&cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad_cursor');
    }
    expect((await client.get('/api/search?q=clip&limit=101')).status).toBe(400);
  });

  it('requires the Bearer token', async () => {
    expect((await api(server).get('/api/search?q=beach')).status).toBe(401);
  });
});
