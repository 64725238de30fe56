import type { Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith } from './posts-test-support';

describe('POST /api/posts/bulk with fitting copies and first comments', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('sends every post its default fitting copy with fit: true, and a first comment per platform', async () => {
    const owner = await ownerWith(server, ['x', 'facebook', 'tiktok']);
    // HEVC: X refuses both videos as they are; Facebook takes them.
    const videoIds = [
      await addVideo(server, owner, { title: 'First', video_codec: 'hevc' }),
      await addVideo(server, owner, { title: 'Second', video_codec: 'hevc' }),
    ];
    const ask = { videoIds, platforms: ['x', 'facebook'], scheduledAt: inMinutes(60), intervalMinutes: 30 };
    const plain = await owner.as.post('/api/posts/bulk', ask);
    expect(plain.status).toBe(400);
    expect(plain.body.violations.map((v: { platform: string; videoId: number }) => [v.platform, v.videoId])).toEqual(
      expect.arrayContaining([
        ['x', videoIds[0]],
        ['x', videoIds[1]],
      ]),
    );

    const fitted = await owner.as.post('/api/posts/bulk', {
      ...ask,
      fit: true,
      firstComment: { x: 'Thread below', facebook: 'Full cut on the Page' },
    });
    expect(fitted.status, JSON.stringify(fitted.body)).toBe(201);
    const posts = fitted.body.posts as Post[];
    expect(posts).toHaveLength(4);
    for (const post of posts.filter((p) => p.platform === 'x')) {
      expect(post.rendition).toMatchObject({ id: expect.any(Number) });
      expect(post.firstComment).toMatchObject({ text: 'Thread below', status: 'pending' });
    }
    // Two videos, two copies for X; Facebook takes each as it is, so it sends no copy.
    expect(new Set(posts.filter((p) => p.platform === 'x').map((p) => p.rendition!.id)).size).toBe(2);
    for (const post of posts.filter((p) => p.platform === 'facebook')) {
      expect(post.rendition).toBeNull();
      expect(post.firstComment).toMatchObject({ text: 'Full cut on the Page' });
    }
  });

  it('checks a first comment for all against every platform: TikTok takes none, and nothing is made', async () => {
    const owner = await ownerWith(server, ['x', 'tiktok']);
    const video = await addVideo(server, owner, { title: 'Third' });
    const res = await owner.as.post('/api/posts/bulk', {
      videoIds: [video],
      platforms: ['x', 'tiktok'],
      scheduledAt: inMinutes(60),
      options: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      firstComment: 'For everyone',
    });
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual([
      expect.objectContaining({ platform: 'tiktok', videoId: video, rule: 'firstComment.unsupported' }),
    ]);
    expect((await owner.as.get(`/api/videos/${video}/posts`)).body.posts).toEqual([]);
  });
});
