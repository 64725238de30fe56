import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, setPost, target } from './posts-test-support';

describe("a video's status and postCounts follow its posts", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('goes scheduled, processing, partially published (failed) and published as its posts do', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube', 'x']);
    const videoId = await addVideo(server, owner);
    const video = async () => (await owner.as.get(`/api/videos/${videoId}`)).body.video;
    const listed = async () =>
      (await owner.as.get(`/api/videos?project_id=${owner.projectId}`)).body.find(
        (v: { id: number }) => v.id === videoId,
      );
    expect(await video()).toMatchObject({ status: 'awaiting-details', postCounts: { scheduled: 0 } });

    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok'), target('youtube'), target('x')],
      scheduledAt: inMinutes(60),
    });
    const [tiktok, youtube, x] = res.body.posts.map((p: { id: number }) => p.id) as number[];
    expect(await video()).toMatchObject({ status: 'scheduled', postCounts: { scheduled: 3 } });

    await setPost(server, tiktok!, { status: 'publishing', lease_owner: 'a-run' });
    expect(await video()).toMatchObject({ status: 'processing', postCounts: { scheduled: 2, publishing: 1 } });

    await setPost(server, tiktok!, { status: 'published', lease_owner: null, due_at: null });
    await setPost(server, youtube!, { status: 'failed', due_at: null });
    expect(await video()).toMatchObject({ status: 'scheduled', postCounts: { scheduled: 1, published: 1, failed: 1 } });

    await owner.as.delete(`/api/posts/${x}`);
    const partial = await video();
    expect(partial).toMatchObject({
      status: 'failed',
      postCounts: { scheduled: 0, publishing: 0, published: 1, failed: 1, unconfirmed: 0, cancelled: 1 },
    });
    expect(await listed()).toEqual(partial);

    await setPost(server, youtube!, { status: 'published' });
    expect(await video()).toMatchObject({ status: 'published', postCounts: { published: 2, cancelled: 1 } });
  });

  it('keeps the status its details give while it has no posts, or only cancelled ones', async () => {
    const owner = await ownerWith(server, ['youtube']);
    const videoId = await addVideo(server, owner, { description: 'Boats' });
    await owner.as.patch(`/api/videos/${videoId}`, { platforms: ['youtube'], status: 'ready' });
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inMinutes(60),
    });
    await owner.as.delete(`/api/posts/${res.body.posts[0].id}`);
    expect((await owner.as.get(`/api/videos/${videoId}`)).body.video).toMatchObject({
      status: 'ready',
      postCounts: { cancelled: 1, scheduled: 0 },
    });
  });
});
