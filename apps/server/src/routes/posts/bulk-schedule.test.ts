import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith } from './posts-test-support';

describe('POST /api/posts/bulk', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('schedules the i-th selected video at scheduledAt + i × interval, to every chosen platform', async () => {
    const owner = await ownerWith(server, ['tiktok', 'x']);
    const ids = [
      await addVideo(server, owner, { title: 'First' }),
      await addVideo(server, owner, { title: 'Second' }),
      await addVideo(server, owner, { title: 'Third' }),
    ];
    const start = new Date(Date.now() + 3_600_000);
    start.setUTCSeconds(0, 0);
    // Not in id order: the order asked for is the order in time.
    const videoIds = [ids[2], ids[0], ids[1]];
    const res = await owner.as.post('/api/posts/bulk', {
      videoIds,
      platforms: ['tiktok', 'x'],
      scheduledAt: start.toISOString(),
      intervalMinutes: 90,
      options: { tiktok: { privacyLevel: 'MUTUAL_FOLLOW_FRIENDS' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.posts).toHaveLength(6);
    for (const [i, videoId] of videoIds.entries()) {
      const at = new Date(start.getTime() + i * 90 * 60_000).toISOString();
      const mine = res.body.posts.filter((p: { videoId: number }) => p.videoId === videoId);
      expect(mine.map((p: { platform: string }) => p.platform).sort()).toEqual(['tiktok', 'x']);
      for (const post of mine) expect(post).toMatchObject({ scheduledAt: at, status: 'scheduled', caption: null });
    }
    const tiktok = res.body.posts.find((p: { platform: string }) => p.platform === 'tiktok');
    expect(tiktok.options).toEqual({ privacyLevel: 'MUTUAL_FOLLOW_FRIENDS' });
    const listed = (await owner.as.get(`/api/videos?project_id=${owner.projectId}`)).body;
    for (const video of listed) expect(video).toMatchObject({ status: 'scheduled', postCounts: { scheduled: 2 } });
  });

  it('reports every violation of every video with its id, and schedules none of them', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube']);
    const fine = await addVideo(server, owner);
    const tooLong = await addVideo(server, owner, { duration_seconds: 900 });
    const badText = await addVideo(server, owner, { description: 'a <b> c' });
    const res = await owner.as.post('/api/posts/bulk', {
      videoIds: [fine, tooLong, badText],
      platforms: ['tiktok', 'youtube'],
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const found = res.body.violations.map((v: { videoId: number; platform: string; field: string }) =>
      [v.videoId, v.platform, v.field].join(' '),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        `${fine} tiktok options.privacyLevel`,
        `${tooLong} tiktok video`,
        `${tooLong} tiktok options.privacyLevel`,
        `${badText} youtube caption`,
      ]),
    );
    expect(found.filter((f: string) => f.startsWith(`${fine} youtube`))).toEqual([]);
    for (const id of [fine, tooLong, badText]) {
      expect((await owner.as.get(`/api/videos/${id}/posts`)).body.posts).toEqual([]);
    }
  });

  it('takes videos of one project only, each once, and refuses a time past or a spacing beyond a year', async () => {
    const owner = await ownerWith(server, ['youtube']);
    const other = await createProject(server, owner.token, { name: 'Other' });
    const a = await addVideo(server, owner);
    const b = await addVideo(server, owner, { project_id: other.id });
    const bulk = (body: object) =>
      owner.as.post('/api/posts/bulk', { platforms: ['youtube'], scheduledAt: inMinutes(60), ...body });
    expect(await bulk({ videoIds: [a, b] })).toMatchObject({ status: 400, body: { code: 'mixed_projects' } });
    expect(await bulk({ videoIds: [a, a] })).toMatchObject({ status: 400, body: { code: 'duplicate_video' } });
    expect(await bulk({ videoIds: [a], platforms: ['youtube', 'youtube'] })).toMatchObject({
      status: 400,
      body: { code: 'duplicate_platform' },
    });
    expect(await bulk({ videoIds: [a], scheduledAt: inMinutes(-10) })).toMatchObject({
      status: 400,
      body: { code: 'scheduled_in_past' },
    });
    const c = await addVideo(server, owner);
    expect(
      await bulk({ videoIds: [a, c], scheduledAt: inMinutes(60 * 24 * 360), intervalMinutes: 7 * 24 * 60 }),
    ).toMatchObject({ status: 400, body: { code: 'scheduled_too_far' } });
    expect(await bulk({ videoIds: [b] })).toMatchObject({ status: 409, body: { code: 'not_connected' } });
    expect((await bulk({ videoIds: [a, c] })).status).toBe(201);
    expect(await bulk({ videoIds: [c] })).toMatchObject({ status: 409, body: { code: 'already_posted' } });
  });
});
