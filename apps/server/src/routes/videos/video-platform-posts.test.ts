import type { PlatformPost, Video, VideoPage } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, setPost, target, type Owner } from '../posts/posts-test-support';

describe("each video's own state per platform (platformPosts)", () => {
  let server: TestServer;
  let owner: Owner;
  beforeAll(async () => {
    // Videos are added straight into the database here: no library page cached from a test before may hide them.
    server = await startTestServer({ READ_CACHE_MS: '0' });
    owner = await ownerWith(server, ['instagram', 'tiktok', 'youtube', 'x']);
  });
  afterAll(() => stopTestServer(server));

  const schedule = async (videoId: number, platforms: Parameters<typeof target>[0][]) => {
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: platforms.map((p) => target(p)),
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(201);
    return (res.body.posts as { id: number }[]).map((p) => p.id);
  };
  const page = async (): Promise<Video[]> =>
    ((await owner.as.get(`/api/videos?project_id=${owner.projectId}&limit=50`)).body as VideoPage).videos;
  const states = (videos: Video[], id: number): PlatformPost[] | undefined =>
    videos.find((v) => v.id === id)?.platformPosts;

  it('names each platform with its post status, in the app order, and nothing for platforms not posted to', async () => {
    const videoId = await addVideo(server, owner, { title: 'Pier at noon' });
    await owner.as.patch(`/api/videos/${videoId}`, { platforms: ['x', 'youtube', 'tiktok', 'instagram'] });
    const [youtube, tiktok, x] = await schedule(videoId, ['youtube', 'tiktok', 'x']);
    await setPost(server, tiktok!, { status: 'published', due_at: null, published_at: new Date() });
    await setPost(server, youtube!, { status: 'published', due_at: null, published_at: new Date() });
    await setPost(server, x!, { status: 'failed', due_at: null });

    const expected = [
      { platform: 'tiktok', status: 'published' },
      { platform: 'youtube', status: 'published' },
      { platform: 'x', status: 'failed' },
    ];
    // Instagram is in the details but was never sent the video: it has no state, not the video's.
    expect(states(await page(), videoId)).toEqual(expected);
    expect((await owner.as.get(`/api/videos/${videoId}`)).body.video.platformPosts).toEqual(expected);
    const whole = (await owner.as.get(`/api/videos?project_id=${owner.projectId}`)).body as Video[];
    expect(states(whole, videoId)).toEqual(expected);
  });

  it("keeps a platform's scheduled post apart from another's published one", async () => {
    const videoId = await addVideo(server, owner, { title: 'Harbour lights' });
    const [instagram] = await schedule(videoId, ['instagram', 'x']);
    await setPost(server, instagram!, { status: 'published', due_at: null, published_at: new Date() });
    const listed = (await page()).find((v) => v.id === videoId)!;
    // The video's own word stays the spec's status: something is still scheduled.
    expect(listed.status).toBe('scheduled');
    expect(listed.platformPosts).toEqual([
      { platform: 'instagram', status: 'published' },
      { platform: 'x', status: 'scheduled' },
    ]);
  });

  it('shows the newest post of a platform, and none for a platform whose posts were all cancelled', async () => {
    const videoId = await addVideo(server, owner, { title: 'Gulls' });
    const [first] = await schedule(videoId, ['youtube']);
    await setPost(server, first!, { status: 'failed', due_at: null });
    // Tried again as a new post: the failed one is history.
    await schedule(videoId, ['youtube']);
    const [tiktok] = await schedule(videoId, ['tiktok']);
    expect((await owner.as.delete(`/api/posts/${tiktok}`)).status).toBe(200);
    expect(states(await page(), videoId)).toEqual([{ platform: 'youtube', status: 'scheduled' }]);
  });

  it('is empty for a video without posts, and never shows another account their posts', async () => {
    const videoId = await addVideo(server, owner, { title: 'Quiet quay' });
    expect(states(await page(), videoId)).toEqual([]);
    const stranger = await ownerWith(server, []);
    const theirs = (await stranger.as.get(`/api/videos?project_id=${stranger.projectId}&limit=50`)).body as VideoPage;
    expect(theirs.videos).toEqual([]);
    expect((await stranger.as.get(`/api/videos/${videoId}`)).status).toBe(404);
  });
});
