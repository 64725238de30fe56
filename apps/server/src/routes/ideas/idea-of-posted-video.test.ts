import type { Idea } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, setPost, target, type Owner } from '../posts/posts-test-support';

describe('POST /api/ideas with a video that already has posts', () => {
  let server: TestServer;
  let owner: Owner;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await ownerWith(server, ['tiktok', 'youtube']);
  });
  afterAll(() => stopTestServer(server));

  async function postedVideo(title: string) {
    const videoId = await addVideo(server, owner, { title });
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(201);
    return { videoId, postId: res.body.posts[0].id as number };
  }

  it('adds it where the posts stand, whichever of Idea, Drafting or Ready the form chose', async () => {
    const { videoId, postId } = await postedVideo('Harbour cut');
    for (const column of ['idea', 'drafting', 'ready']) {
      const res = await owner.as.post('/api/ideas', {
        project_id: owner.projectId,
        title: `From ${column}`,
        column,
        videoId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect((res.body.idea as Idea).column).toBe('scheduled');
    }
    await setPost(server, postId, { status: 'published', due_at: null, published_at: new Date() });
    const published = await owner.as.post('/api/ideas', {
      project_id: owner.projectId,
      title: 'After it went out',
      column: 'idea',
      videoId,
    });
    expect(published.status).toBe(201);
    expect(published.body.idea).toMatchObject({ column: 'published', videoId });
  });

  it("still refuses a posts' column the posts do not say", async () => {
    const { videoId } = await postedVideo('Pier cut');
    const res = await owner.as.post('/api/ideas', {
      project_id: owner.projectId,
      title: 'Too early',
      column: 'published',
      videoId,
    });
    expect(res).toMatchObject({ status: 409, body: { code: 'column_follows_posts', error: expect.any(String) } });
    const plain = await owner.as.post('/api/ideas', {
      project_id: owner.projectId,
      title: 'No video',
      column: 'ready',
    });
    expect(plain.body.idea).toMatchObject({ column: 'ready', videoId: null });
  });
});
