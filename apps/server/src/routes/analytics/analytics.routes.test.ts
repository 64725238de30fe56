import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  postToX,
  publisher,
  settled,
  uniqueCaption,
  faultsLeft,
  uploadedVideo,
  type Publisher,
} from '../../services/publishing/publishing-test-support';

describe('analytics API', () => {
  let server: TestServer;
  let owner: Publisher;
  let videoId: number;
  /** A project of its own with a published X post: each project may start 6 syncs a minute. */
  async function publishedPost() {
    const who = await publisher(server);
    const video = await uploadedVideo(server, who, 'Harbour at dawn');
    const post = await postToX(who, video, uniqueCaption('Harbour'));
    expect((await settled(who, post.id)).status).toBe('published');
    return { who, videoId: video, postId: post.id };
  }
  beforeAll(async () => {
    server = await startTestServer();
    ({ who: owner, videoId } = await publishedPost());
  });
  afterAll(() => stopTestServer(server));

  const report = async (query = '', who = owner) => {
    const res = await who.as.get(`/api/analytics?project_id=${who.projectId}${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('shows nothing measured before a sync, then the published post’s figures and its video’s views', async () => {
    const before = await report();
    expect(before).toMatchObject({ measuredPosts: 0, lastSyncedAt: null, syncProblems: [], series: [], topVideos: [] });
    expect(before.totals).toEqual({ views: 0, likes: 0, comments: 0, shares: 0 });

    // The emulator's figures grow with the post's age: sync until it has been seen at least once.
    let synced: Record<string, unknown> = {};
    await waitUntil(async () => {
      const res = await owner.as.post('/api/analytics/sync', { project_id: owner.projectId });
      expect(res.status).toBe(200);
      synced = res.body;
      return (await report()).totals.views > 0;
    }, 'the post to have views');
    expect(synced).toMatchObject({ synced: 1, failed: 0, lastSyncedAt: expect.any(String) });

    const after = await report();
    expect(after.measuredPosts).toBe(1);
    expect(after.byPlatform).toEqual([{ platform: 'x', ...after.totals }]);
    expect(after.series).toEqual([
      { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), platform: 'x', ...after.totals },
    ]);
    expect(after.topVideos).toEqual([{ videoId, title: 'Harbour at dawn', views: after.totals.views }]);
    expect(after.bestTimes).toEqual([
      { weekday: expect.any(Number), hour: expect.any(Number), posts: 1, averageViews: after.totals.views },
    ]);
    expect(after.lastSyncedAt).toBe(synced.lastSyncedAt);
    // The video card's views: the sum of its platforms' latest views.
    expect((await owner.as.get(`/api/videos/${videoId}`)).body.video.views).toBe(after.totals.views);

    // Another platform, or a period before the post, shows nothing.
    expect((await report('&platform=tiktok')).totals.views).toBe(0);
    expect((await report('&to=2020-01-01T00:00:00Z')).series).toEqual([]);
  });

  it('shows one account’s figures with connection_id; an account outside the project is 404 and tells nothing', async () => {
    const all = await report();
    expect(all.measuredPosts).toBe(1);
    const ofX = await report(`&connection_id=${owner.connectionId}`);
    expect(ofX).toMatchObject({ totals: all.totals, measuredPosts: 1, topVideos: all.topVideos });
    expect(ofX.lastSyncedAt).toBe(all.lastSyncedAt);

    // Another account of the project: none of the X post's figures.
    const youtube = (await connectAccount(server, owner.token, 'youtube', owner.projectId)).connection!;
    const ofYouTube = await report(`&connection_id=${youtube.id}`);
    expect(ofYouTube).toMatchObject({ measuredPosts: 0, series: [], topVideos: [], lastSyncedAt: null });
    expect(ofYouTube.totals).toEqual({ views: 0, likes: 0, comments: 0, shares: 0 });

    // Another user's account, and an id no account has, are unknown in either direction.
    const stranger = await publisher(server);
    const unknown = { status: 404, body: { error: 'Connection not found', code: 'not_found' } };
    const get = (who: Publisher, id: number) =>
      who.as.get(`/api/analytics?project_id=${who.projectId}&connection_id=${id}`);
    expect(await get(owner, stranger.connectionId)).toMatchObject(unknown);
    expect(await get(stranger, owner.connectionId)).toMatchObject(unknown);
    expect(await get(owner, 987654321)).toMatchObject(unknown);
  });

  it('keeps a failed sync visible with the platform’s reason until a sync works again', async () => {
    // Its own project: the test above may have used this minute's syncs of the first one.
    const { who, videoId, postId } = await publishedPost();
    const sync = () => who.as.post('/api/analytics/sync', { project_id: who.projectId });
    await sync();
    const lastGood = (await report('', who)).lastSyncedAt;
    const emulator = sandboxEmulator(server);
    await control.fault(emulator, {
      platform: 'x',
      kind: 'reject',
      step: 'metrics',
      message: 'Metrics are off for this post',
    });
    try {
      const res = await sync();
      expect(res.body).toMatchObject({ synced: 0, failed: 1, lastSyncedAt: lastGood });
    } finally {
      await control.clearFaults(emulator);
    }
    const failed = await report('', who);
    expect(failed.lastSyncedAt).toBe(lastGood);
    expect(failed.syncProblems).toEqual([
      {
        postId,
        videoId,
        videoTitle: 'Harbour at dawn',
        platform: 'x',
        failedAt: expect.any(String),
        reason: expect.stringContaining('Metrics are off for this post'),
        lastSyncedAt: lastGood,
      },
    ]);
    expect(failed.syncProblems[0].reason).toMatch(/^X \(Twitter\) refused/);

    expect((await sync()).body.failed).toBe(0);
    expect((await report('', who)).syncProblems).toEqual([]);

    // A token the platform no longer takes is renewed once, and the figures are read.
    await control.fault(emulator, { platform: 'x', kind: 'token_expired', step: 'metrics', times: 1 });
    expect((await sync()).body).toMatchObject({
      synced: 1,
      failed: 0,
    });
    expect(await faultsLeft(emulator)).toEqual([]);
  });

  it("answers 404 for another user's project and changes nothing", async () => {
    const stranger = await publisher(server);
    const notFound = { status: 404, body: { error: 'Project not found', code: 'not_found' } };
    expect(await stranger.as.get(`/api/analytics?project_id=${owner.projectId}`)).toMatchObject(notFound);
    const samples = await countSamples();
    expect(await stranger.as.post('/api/analytics/sync', { project_id: owner.projectId })).toMatchObject(notFound);
    expect(await countSamples()).toBe(samples);
    // The stranger's own analytics do not include the owner's posts.
    expect((await stranger.as.get(`/api/analytics?project_id=${stranger.projectId}`)).body.measuredPosts).toBe(0);
  });

  it('refuses bad input with 400 and no sign-in with 401', async () => {
    const bad = async (path: string) => {
      const res = await owner.as.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
      return res.body.code;
    };
    const p = `project_id=${owner.projectId}`;
    await bad('/api/analytics');
    await bad('/api/analytics?project_id=abc');
    await bad(`/api/analytics?${p}&platform=myspace`);
    await bad(`/api/analytics?${p}&connection_id=first`);
    await bad(`/api/analytics?${p}&from=yesterday`);
    expect(await bad(`/api/analytics?${p}&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`)).toBe('bad_range');
    expect(await bad(`/api/analytics?${p}&from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`)).toBe('bad_range');
    for (const body of [{}, { project_id: 'x' }, { project_id: owner.projectId, extra: 1 }])
      expect((await owner.as.post('/api/analytics/sync', body)).status).toBe(400);
    expect((await api(server).get(`/api/analytics?${p}`)).status).toBe(401);
    expect((await api(server).post('/api/analytics/sync', { project_id: owner.projectId })).status).toBe(401);
  });

  async function countSamples() {
    const row = await server.ctx.db
      .selectFrom('post_metric_samples')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
