import { utcToZoned } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { slotInstants } from '../../services/slots/slot-instants';
import { addVideo, inMinutes, ownerWith, target } from '../posts/posts-test-support';

const DAYS = [1, 2, 3, 4, 5, 6, 7];
/** The next `count` instants of daily slots at these times in `zone`, as the queue should pick them. */
function nextSlots(times: string[], zone: string, count: number): string[] {
  const slots = DAYS.flatMap((weekday) =>
    times.map((t) => ({ weekday, minute: Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) })),
  );
  const out: string[] = [];
  for (const at of slotInstants(slots, zone, new Date(), new Date(Date.now() + 30 * 86_400_000))) {
    out.push(at.toISOString());
    if (out.length === count) break;
  }
  return out;
}
const daily = (platform: string, times: string[]) =>
  DAYS.flatMap((weekday) => times.map((time) => ({ platform, weekday, time })));

describe('posting slots, "Add to queue" and best times', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("answers no slots in the project's zone at first, and PUT replaces them all", async () => {
    const owner = await ownerWith(server, [], { timeZone: 'America/New_York' });
    const url = `/api/projects/${owner.projectId}/slots`;
    expect((await owner.as.get(url)).body).toEqual({ timezone: 'America/New_York', slots: [] });

    const first = await owner.as.put(url, {
      timezone: 'europe/berlin',
      slots: [
        { platform: 'tiktok', weekday: 3, time: '18:30' },
        { platform: 'tiktok', weekday: 1, time: '09:00' },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      timezone: 'Europe/Berlin',
      slots: [
        { platform: 'tiktok', weekday: 1, time: '09:00' },
        { platform: 'tiktok', weekday: 3, time: '18:30' },
      ],
    });
    // Without a zone: the project's own.
    const second = await owner.as.put(url, { slots: [{ platform: 'x', weekday: 7, time: '02:30' }] });
    expect(second.body).toEqual({
      timezone: 'America/New_York',
      slots: [{ platform: 'x', weekday: 7, time: '02:30' }],
    });
    expect((await owner.as.get(url)).body).toEqual(second.body);
  });

  it('refuses bad input with 400 and leaves the slots as they were', async () => {
    const owner = await ownerWith(server, []);
    const url = `/api/projects/${owner.projectId}/slots`;
    await owner.as.put(url, { slots: [{ platform: 'x', weekday: 1, time: '10:00' }] });
    const slot = { platform: 'x', weekday: 2, time: '10:00' };
    for (const body of [
      { slots: [slot, slot] },
      { slots: [{ ...slot, weekday: 0 }] },
      { slots: [{ ...slot, weekday: 8 }] },
      { slots: [{ ...slot, time: '24:00' }] },
      { slots: [{ ...slot, time: '9:00' }] },
      { slots: [{ ...slot, platform: 'myspace' }] },
      { timezone: 'Mars/Olympus', slots: [] },
      { timezone: '+01:00', slots: [] },
      { slots: 'all' },
      {},
    ]) {
      const res = await owner.as.put(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBeTypeOf('string');
    }
    expect((await owner.as.get(url)).body.slots).toEqual([{ platform: 'x', weekday: 1, time: '10:00' }]);
    expect((await owner.as.get(`/api/projects/${owner.projectId}/best-times?platform=myspace`)).status).toBe(400);
    expect((await owner.as.get(`/api/projects/${owner.projectId}/best-times`)).status).toBe(400);
    expect((await owner.as.get('/api/projects/abc/slots')).status).toBe(400);
  });

  it('documents the slot and best-time routes, with the queue option, in the OpenAPI document and asks for a sign-in', async () => {
    const doc = (await api(server).get('/api/openapi.json')).body;
    const slots = doc.paths['/api/projects/{id}/slots'];
    expect(Object.keys(slots).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/projects/{id}/best-times'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'platform',
    );
    const create = doc.paths['/api/videos/{id}/posts'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(create)).toContain('"queue"');
    expect((await api(server).get('/api/projects/1/slots')).status).toBe(401);
    expect((await api(server).put('/api/projects/1/slots', { slots: [] })).status).toBe(401);
  });

  it("keeps each user to their own projects' slots and best times (404)", async () => {
    const owner = await ownerWith(server, []);
    const stranger = await ownerWith(server, []);
    const url = `/api/projects/${owner.projectId}/slots`;
    await owner.as.put(url, { slots: [{ platform: 'x', weekday: 1, time: '10:00' }] });
    expect((await stranger.as.get(url)).status).toBe(404);
    expect((await stranger.as.put(url, { slots: [] })).status).toBe(404);
    expect((await stranger.as.get(`/api/projects/${owner.projectId}/best-times?platform=x`)).status).toBe(404);
    expect((await owner.as.get(url)).body.slots).toHaveLength(1);
    expect((await owner.as.get('/api/projects/2147483647/slots')).status).toBe(404);
  });

  it('queues a post into the next free slot of each platform, skipping held slots but not cancelled ones', async () => {
    const owner = await ownerWith(server, ['x', 'youtube'], { timeZone: 'Europe/Berlin' });
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, {
      slots: [...daily('x', ['07:15', '19:45']), ...daily('youtube', ['12:00'])],
    });
    const [x1, x2, x3] = nextSlots(['07:15', '19:45'], 'Europe/Berlin', 3);
    const [yt1] = nextSlots(['12:00'], 'Europe/Berlin', 1);

    const a = await addVideo(server, owner, { title: 'A' });
    const first = await owner.as.post(`/api/videos/${a}/posts`, {
      targets: [target('x'), target('youtube')],
      queue: true,
    });
    expect(first.status).toBe(201);
    const at = (posts: { platform: string; scheduledAt: string }[], platform: string) =>
      posts.find((p) => p.platform === platform)?.scheduledAt;
    expect(at(first.body.posts, 'x')).toBe(x1);
    expect(at(first.body.posts, 'youtube')).toBe(yt1);

    const b = await addVideo(server, owner, { title: 'B' });
    const second = await owner.as.post(`/api/videos/${b}/posts`, { targets: [target('x')], queue: true });
    expect(at(second.body.posts, 'x')).toBe(x2);

    // A cancelled post frees its slot for the next one.
    const cancelled = second.body.posts[0].id;
    expect((await owner.as.delete(`/api/posts/${cancelled}`)).status).toBe(200);
    const c = await addVideo(server, owner, { title: 'C' });
    const third = await owner.as.post(`/api/videos/${c}/posts`, { targets: [target('x')], queue: true });
    expect(at(third.body.posts, 'x')).toBe(x2);
    // A post scheduled by hand at a slot's instant holds it too.
    const d = await addVideo(server, owner, { title: 'D' });
    await owner.as.post(`/api/videos/${d}/posts`, { targets: [target('x')], scheduledAt: x3 });
    const e = await addVideo(server, owner, { title: 'E' });
    const fourth = await owner.as.post(`/api/videos/${e}/posts`, { targets: [target('x')], queue: true });
    expect(new Date(at(fourth.body.posts, 'x')!).getTime()).toBeGreaterThan(new Date(x3!).getTime());
    const local = utcToZoned(at(fourth.body.posts, 'x')!, 'Europe/Berlin').time;
    expect(['07:15', '19:45']).toContain(local);
  });

  it('gives concurrent queue requests different slots', async () => {
    const owner = await ownerWith(server, ['x']);
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, { slots: daily('x', ['08:00', '20:00']) });
    const videos = await Promise.all([1, 2, 3, 4].map((n) => addVideo(server, owner, { title: `V${n}` })));
    const answers = await Promise.all(
      videos.map((id) => owner.as.post(`/api/videos/${id}/posts`, { targets: [target('x')], queue: true })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const times = answers.map((r) => r.body.posts[0].scheduledAt).sort();
    expect(times).toEqual(nextSlots(['08:00', '20:00'], 'UTC', 4));
  });

  it('answers 409 no_slots, creating nothing, when a platform has no slots; refuses queue with a time', async () => {
    const owner = await ownerWith(server, ['x', 'youtube']);
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, { slots: daily('x', ['08:00']) });
    const video = await addVideo(server, owner);
    const res = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [target('x'), target('youtube')],
      queue: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('no_slots');
    expect(res.body.error).toContain('YouTube');
    expect((await owner.as.get(`/api/videos/${video}/posts`)).body.posts).toEqual([]);
    const both = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [target('x')],
      queue: true,
      scheduledAt: inMinutes(60),
    });
    expect(both.status).toBe(400);
    const queueFalse = await owner.as.post(`/api/videos/${video}/posts`, { targets: [target('x')], queue: false });
    expect(queueFalse.status).toBe(400);
  });

  it('bulk: videos fill each platform’s slots in the order given', async () => {
    const owner = await ownerWith(server, ['x', 'youtube'], { timeZone: 'America/New_York' });
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, {
      slots: [...daily('x', ['09:00']), ...daily('youtube', ['10:00', '16:00'])],
    });
    const ids = await Promise.all(['One', 'Two', 'Three'].map((title) => addVideo(server, owner, { title })));
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const res = await owner.as.post('/api/posts/bulk', { videoIds: order, platforms: ['x', 'youtube'], queue: true });
    expect(res.status).toBe(201);
    const x = nextSlots(['09:00'], 'America/New_York', 3);
    const yt = nextSlots(['10:00', '16:00'], 'America/New_York', 3);
    for (const [i, videoId] of order.entries()) {
      const mine = res.body.posts.filter((p: { videoId: number }) => p.videoId === videoId);
      expect(mine.find((p: { platform: string }) => p.platform === 'x').scheduledAt).toBe(x[i]);
      expect(mine.find((p: { platform: string }) => p.platform === 'youtube').scheduledAt).toBe(yt[i]);
    }
    const neither = await owner.as.post('/api/posts/bulk', { videoIds: order, platforms: ['x'] });
    expect(neither.status).toBe(400);
    const bothWays = await owner.as.post('/api/posts/bulk', {
      videoIds: order,
      platforms: ['x'],
      queue: true,
      scheduledAt: inMinutes(60),
    });
    expect(bothWays.status).toBe(400);
  });

  it("ranks the project's own hours once 10 published posts have metrics, in the slots' zone", async () => {
    const owner = await ownerWith(server, [], { timeZone: 'Europe/Berlin' });
    const video = await addVideo(server, owner);
    // Tuesdays 18:10 Berlin (17:10 UTC in winter) do far better than Mondays 09:30.
    const weekly = (day: number, hour: number, minute: number, count: number) =>
      Array.from({ length: count }, (_, i) => new Date(Date.UTC(2026, 0, day + 7 * i, hour, minute)).toISOString());
    const published = [
      ...weekly(6, 17, 10, 4).map((at) => ({ at, views: 8000, likes: 300 })),
      ...weekly(5, 8, 30, 6).map((at) => ({ at, views: 400, likes: 4 })),
    ];
    for (const p of published) {
      const post = await server.ctx.db
        .insertInto('posts')
        .values({
          user_id: owner.userId,
          project_id: owner.projectId,
          video_id: video,
          connection_id: null,
          platform: 'instagram',
          caption: null,
          options: '{}',
          progress: JSON.stringify({ step: null, bytesSent: 0, bytesTotal: 0 }),
          status: 'published',
          scheduled_at: p.at,
          published_at: p.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.ctx.db
        .insertInto('post_metric_samples')
        .values({
          post_id: post.id,
          project_id: owner.projectId,
          platform: 'instagram',
          views: p.views,
          likes: p.likes,
          comments: 0,
          shares: 0,
        })
        .execute();
    }
    const res = await owner.as.get(`/api/projects/${owner.projectId}/best-times?platform=instagram`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ platform: 'instagram', basis: 'own', timezone: 'Europe/Berlin' });
    expect(res.body.suggestions[0]).toMatchObject({ weekday: 2, hour: 18, score: 100 });
    expect(res.body.suggestions[0].reason).toContain('Your 4 Instagram posts published on Tuesdays 18:00–19:00');
    // Another platform of the same project still has too few.
    expect((await owner.as.get(`/api/projects/${owner.projectId}/best-times?platform=x`)).body.basis).toBe('default');
  });

  it("suggests the platform's documented defaults with their reason while there are too few posts with metrics", async () => {
    const owner = await ownerWith(server, [], { timeZone: 'Asia/Tokyo' });
    const other = await createProject(server, owner.token, { name: 'Second' });
    const res = await owner.as.get(`/api/projects/${other.id}/best-times?platform=tiktok`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ platform: 'tiktok', basis: 'default', timezone: 'Asia/Tokyo' });
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    for (const s of res.body.suggestions) {
      expect(s.reason).toContain('until 10 of your TikTok posts have metrics (0 so far)');
    }
  });
});
