import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, target } from './posts-test-support';

describe('POST /api/videos/:id/posts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('schedules one post per platform, listed with the video, whose status and counts follow them', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube']);
    const videoId = await addVideo(server, owner, { description: 'Boats at sunrise', tags: ['harbour'] });
    const at = inMinutes(60);
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok', { caption: 'My own words' }), target('youtube', { options: { privacy: 'unlisted' } })],
      scheduledAt: at,
    });
    expect(res.status).toBe(201);
    expect(res.body.posts).toHaveLength(2);
    const [tiktok, youtube] = res.body.posts;
    expect(tiktok).toMatchObject({
      videoId,
      projectId: owner.projectId,
      platform: 'tiktok',
      connectionId: expect.any(Number),
      status: 'scheduled',
      scheduledAt: at,
      startedAt: null,
      publishedAt: null,
      url: null,
      platformPostId: null,
      progress: { step: null, bytesSent: 0, bytesTotal: 0 },
      error: null,
      attempts: 0,
      caption: 'My own words',
      options: { privacyLevel: 'SELF_ONLY' },
      retryAt: null,
      videoTitle: 'Harbour at dawn',
      accountName: expect.any(String),
    });
    expect(tiktok.accountName.length).toBeGreaterThan(0);
    expect(youtube).toMatchObject({ platform: 'youtube', caption: null, options: { privacy: 'unlisted' } });

    const listed = await owner.as.get(`/api/videos/${videoId}/posts`);
    expect(listed.status).toBe(200);
    expect(listed.body.posts.map((p: { id: number }) => p.id).sort()).toEqual([tiktok.id, youtube.id].sort());
    expect((await owner.as.get(`/api/posts/${tiktok.id}`)).body).toEqual({ post: tiktok });

    const video = (await owner.as.get(`/api/videos/${videoId}`)).body.video;
    expect(video.status).toBe('scheduled');
    expect(video.postCounts).toEqual({
      scheduled: 2,
      awaiting_approval: 0,
      publishing: 0,
      published: 0,
      failed: 0,
      cancelled: 0,
      unconfirmed: 0,
    });
    const inList = (await owner.as.get(`/api/videos?project_id=${owner.projectId}`)).body;
    expect(inList.find((v: { id: number }) => v.id === videoId)).toEqual(video);
  });

  it('publishes now when no time is given: the post is due at the moment it was asked', async () => {
    const owner = await ownerWith(server, ['x']);
    const videoId = await addVideo(server, owner);
    const before = Date.now();
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, { targets: [target('x')] });
    expect(res.status).toBe(201);
    const at = Date.parse(res.body.posts[0].scheduledAt);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(res.body.posts[0].status).toBe('scheduled');
  });

  it('lists every broken rule of every target at once and creates nothing', async () => {
    const owner = await ownerWith(server, ['tiktok', 'reddit', 'x', 'instagram']);
    // 20 minutes: longer than TikTok's 10, Reddit's 15 and Instagram's 15.
    const videoId = await addVideo(server, owner, { duration_seconds: 1200 });
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [
        { platform: 'tiktok' },
        { platform: 'reddit', options: { subreddit: 'r/no spaces' } },
        { platform: 'x', caption: 'x'.repeat(281) },
        { platform: 'instagram', options: { coverFrameMs: 1_500_000 } },
      ],
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.error).toEqual(expect.any(String));
    const found = res.body.violations.map((v: { platform: string; field: string }) => `${v.platform} ${v.field}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'tiktok options.privacyLevel',
        'tiktok video',
        'reddit options.subreddit',
        'reddit video',
        'x caption',
        'instagram video',
        'instagram options.coverFrameMs',
      ]),
    );
    for (const v of res.body.violations) expect(v.message).toEqual(expect.any(String));
    expect((await owner.as.get(`/api/videos/${videoId}/posts`)).body.posts).toEqual([]);
  });

  it('checks the caption each platform would really send, built from the video when not overridden', async () => {
    const owner = await ownerWith(server, ['youtube']);
    const videoId = await addVideo(server, owner, { description: 'Fish <and> chips' });
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual([expect.objectContaining({ platform: 'youtube', field: 'caption' })]);
    const fixed = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('youtube', { caption: 'Fish and chips' })],
      scheduledAt: inMinutes(60),
    });
    expect(fixed.status).toBe(201);
  });

  it('still checks and creates a TikTok post when TikTok cannot say what the account may do', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const videoId = await addVideo(server, owner);
    const emulator = sandboxEmulator(server);
    await control.fault(emulator, { platform: 'tiktok', kind: 'server_error', step: 'creator_info', times: 10 });
    try {
      const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
        targets: [target('tiktok')],
        scheduledAt: inMinutes(60),
      });
      expect(res.status).toBe(201);
    } finally {
      await control.clearFaults(emulator);
    }
  });

  it('refuses a platform the project has not connected, or whose account needs reconnecting, naming it', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube']);
    const videoId = await addVideo(server, owner);
    const missing = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok'), target('x'), target('reddit')],
    });
    expect(missing.status).toBe(409);
    expect(missing.body).toEqual({
      error: expect.stringContaining('X and Reddit are not connected'),
      code: 'not_connected',
    });

    await server.ctx.db
      .updateTable('platform_connections')
      .set({ status: 'needs_reconnect', status_reason: 'The grant was revoked' })
      .where('project_id', '=', owner.projectId)
      .where('platform', '=', 'youtube')
      .execute();
    const stale = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok'), target('youtube')],
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: expect.stringContaining('Reconnect YouTube'), code: 'needs_reconnect' });
    expect((await owner.as.get(`/api/videos/${videoId}/posts`)).body.posts).toEqual([]);
  });

  it('refuses a second post of the video to a platform that has one waiting, and allows it once cancelled', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube']);
    const videoId = await addVideo(server, owner);
    const first = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(60),
    });
    expect(first.status).toBe(201);
    const again = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('youtube'), target('tiktok')],
      scheduledAt: inMinutes(90),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: expect.stringContaining('TikTok'), code: 'already_posted' });
    expect((await owner.as.get(`/api/videos/${videoId}/posts`)).body.posts).toHaveLength(1);

    expect((await owner.as.delete(`/api/posts/${first.body.posts[0].id}`)).status).toBe(200);
    const after = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(90),
    });
    expect(after.status).toBe(201);
  });

  it('refuses a video without a title, and times in the past or more than a year ahead', async () => {
    const owner = await ownerWith(server, ['youtube']);
    const untitled = await addVideo(server, owner, { title: '' });
    const res = await owner.as.post(`/api/videos/${untitled}/posts`, { targets: [target('youtube')] });
    expect(res).toMatchObject({ status: 409, body: { code: 'details_incomplete' } });

    const videoId = await addVideo(server, owner);
    const post = (body: object) =>
      owner.as.post(`/api/videos/${videoId}/posts`, { targets: [target('youtube')], ...body });
    expect(await post({ scheduledAt: inMinutes(-5) })).toMatchObject({
      status: 400,
      body: { code: 'scheduled_in_past' },
    });
    expect(await post({ scheduledAt: inMinutes(60 * 24 * 367) })).toMatchObject({
      status: 400,
      body: { code: 'scheduled_too_far' },
    });
    expect((await owner.as.get(`/api/videos/${videoId}/posts`)).body.posts).toEqual([]);
    // Half a minute late (a slow clock, a slow request) is now.
    const late = await post({ scheduledAt: new Date(Date.now() - 30_000).toISOString() });
    expect(late.status).toBe(201);
    expect(Date.parse(late.body.posts[0].scheduledAt)).toBeGreaterThan(Date.now() - 10_000);
  });
});
