import { VIDEO_STATUSES, type PostStatus, type Video, type VideoPage } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import { seedVideos } from '../../../test/seed-videos';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/**
 * Each video's posts as [platform, status], oldest first. The status a video shows follows its posts
 * (services/posts/video-post-status.ts): per platform only the newest post that is not cancelled counts.
 */
const CASES: readonly (readonly [string, PostStatus][])[] = [
  [],
  [['x', 'cancelled']],
  [['x', 'scheduled']],
  [
    ['x', 'publishing'],
    ['youtube', 'scheduled'],
  ],
  [['x', 'published']],
  [
    ['x', 'published'],
    ['youtube', 'published'],
  ],
  [['x', 'failed']],
  [['x', 'unconfirmed']],
  [
    ['x', 'published'],
    ['youtube', 'failed'],
  ],
  // A failed post replaced by a newer one to the same platform is history.
  [
    ['x', 'failed'],
    ['x', 'published'],
  ],
  [
    ['x', 'published'],
    ['x', 'failed'],
  ],
  // A newer cancelled post does not hide the published one before it.
  [
    ['x', 'published'],
    ['x', 'cancelled'],
  ],
  [
    ['x', 'failed'],
    ['youtube', 'scheduled'],
    ['tiktok', 'cancelled'],
  ],
  [
    ['x', 'cancelled'],
    ['youtube', 'cancelled'],
  ],
];

describe('the status filter follows posts as the shown status does', () => {
  let server: TestServer;
  let client: ApiClient;
  let projectId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await registerUser(server);
    client = api(server, owner.token);
    projectId = (await createProject(server, owner.token)).id;
    // Every case twice: once on a video awaiting details, once on a ready one.
    const ids = await seedVideos(server.ctx.db, {
      userId: owner.user.id,
      projectId,
      count: CASES.length * 2,
      status: (i) => (i % 2 === 0 ? 'awaiting-details' : 'ready'),
    });
    const later = new Date(Date.now() + 86_400_000);
    const posts = ids.flatMap((videoId, i) =>
      CASES[Math.floor(i / 2)]!.map(([platform, status]) => ({
        user_id: owner.user.id,
        project_id: projectId,
        video_id: videoId,
        platform,
        status,
        scheduled_at: later,
        due_at: null,
      })),
    );
    // Rows as the runner leaves them, in order, so a later post has the higher id.
    for (const post of posts) await server.ctx.db.insertInto('posts').values(post).execute();
  });
  afterAll(() => stopTestServer(server));

  it('selects, for each status, exactly the videos that show it, in every form', async () => {
    const all = (await client.get<Video[]>(`/api/videos?project_id=${projectId}`)).body;
    expect(all).toHaveLength(CASES.length * 2);
    const shown = new Set(all.map((v) => v.status));
    expect([...shown].sort()).toEqual(['awaiting-details', 'failed', 'processing', 'published', 'ready', 'scheduled']);

    for (const status of VIDEO_STATUSES) {
      const expected = all.filter((v) => v.status === status).map((v) => v.id);
      const whole = await client.get<Video[]>(`/api/videos?project_id=${projectId}&status=${status}`);
      expect(
        whole.body.map((v) => v.id),
        status,
      ).toEqual(expected);
      const page = await client.get<VideoPage>(`/api/videos?project_id=${projectId}&status=${status}&limit=3`);
      expect(page.body.total, status).toBe(expected.length);
      expect(page.body.videos.map((v) => v.id)).toEqual(expected.slice(0, 3));
      expect(page.body.videos.every((v) => v.status === status)).toBe(true);
      const ids = await client.get(`/api/videos/ids?project_id=${projectId}&status=${status}`);
      expect(ids.body.ids, status).toEqual(expected);
    }
  });

  it('counts each page’s posts as the whole list does', async () => {
    const all = (await client.get<Video[]>(`/api/videos?project_id=${projectId}`)).body;
    const page = await client.get<VideoPage>(`/api/videos?project_id=${projectId}&limit=100`);
    expect(page.body.videos).toEqual(all);
  });

  it('refuses a status that does not exist', async () => {
    const res = await client.get(`/api/videos?project_id=${projectId}&status=deleted&limit=5`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });
});
