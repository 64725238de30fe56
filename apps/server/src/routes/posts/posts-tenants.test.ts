import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, postRow, setPost, target } from './posts-test-support';

describe('posts API: tenants and input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("answers 404 for another user's video, post and project on every endpoint, and changes nothing", async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const stranger = await ownerWith(server, ['tiktok']);
    const videoId = await addVideo(server, owner);
    const created = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(60),
    });
    const post = created.body.posts[0];
    const failedVideo = await addVideo(server, owner);
    const failed = (
      await owner.as.post(`/api/videos/${failedVideo}/posts`, {
        targets: [target('tiktok')],
        scheduledAt: inMinutes(60),
      })
    ).body.posts[0];
    await setPost(server, failed.id, { status: 'failed', due_at: null });

    const as = stranger.as;
    const video404 = { status: 404, body: { error: 'Video not found', code: 'not_found' } };
    const post404 = { status: 404, body: { error: 'Post not found', code: 'not_found' } };
    expect(await as.post(`/api/videos/${videoId}/posts`, { targets: [target('tiktok')] })).toMatchObject(video404);
    expect(await as.get(`/api/videos/${videoId}/posts`)).toMatchObject(video404);
    expect(await as.get(`/api/posts?project_id=${owner.projectId}`)).toMatchObject({
      status: 404,
      body: { error: 'Project not found', code: 'not_found' },
    });
    expect(await as.get(`/api/posts/${post.id}`)).toMatchObject(post404);
    expect(await as.patch(`/api/posts/${post.id}`, { caption: 'Mine now' })).toMatchObject(post404);
    expect(await as.delete(`/api/posts/${post.id}`)).toMatchObject(post404);
    expect(await as.post(`/api/posts/${failed.id}/retry`)).toMatchObject(post404);
    expect(
      await as.post('/api/posts/bulk', { videoIds: [videoId], platforms: ['tiktok'], scheduledAt: inMinutes(60) }),
    ).toMatchObject(video404);
    // The stranger's own list does not show them either.
    expect((await as.get(`/api/posts?project_id=${stranger.projectId}`)).body.posts).toEqual([]);

    expect((await owner.as.get(`/api/posts/${post.id}`)).body.post).toEqual(post);
    expect((await postRow(server, failed.id))!.status).toBe('failed');
  });

  it('answers bad ids, queries and bodies with 400 {error, code}, and anonymous callers with 401', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const videoId = await addVideo(server, owner);
    const as = owner.as;
    const invalid = { status: 400, body: { error: expect.any(String), code: 'validation_failed' } };
    const posts = `/api/videos/${videoId}/posts`;
    for (const body of [
      {},
      { targets: [] },
      { targets: [{ platform: 'myspace' }] },
      { targets: [target('tiktok'), target('tiktok')] },
      { targets: [target('tiktok')], scheduledAt: 'tomorrow' },
      { targets: [target('tiktok')], scheduledAt: '2030-01-01T10:00:00' },
      { targets: [target('tiktok')], scheduledLocal: '2030-02-30T10:00' },
      { targets: [target('tiktok')], scheduledAt: inMinutes(60), scheduledLocal: '2030-01-01T10:00' },
      { targets: [target('tiktok')], disambiguation: 'middle' },
      { targets: [target('tiktok', { caption: 42 })] },
      { targets: [target('tiktok')], extra: true },
    ]) {
      expect(await as.post(posts, body), JSON.stringify(body)).toMatchObject(invalid);
    }
    expect(await as.raw('POST', posts, '{"targets":')).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(await as.post('/api/videos/abc/posts', { targets: [target('tiktok')] })).toMatchObject(invalid);
    expect(await as.get('/api/videos/0/posts')).toMatchObject(invalid);
    expect(await as.get('/api/videos/2000000000/posts')).toMatchObject({ status: 404 });

    expect(await as.get('/api/posts')).toMatchObject(invalid);
    expect(await as.get(`/api/posts?project_id=${owner.projectId}&status=done`)).toMatchObject(invalid);
    expect(await as.get(`/api/posts?project_id=${owner.projectId}&platform=myspace`)).toMatchObject(invalid);
    expect(await as.get(`/api/posts?project_id=${owner.projectId}&from=yesterday`)).toMatchObject(invalid);
    expect(await as.get(`/api/posts?project_id=${owner.projectId}&limit=0`)).toMatchObject(invalid);
    expect(await as.get(`/api/posts?project_id=${owner.projectId}&limit=ten`)).toMatchObject(invalid);
    expect(await as.get('/api/posts/x1')).toMatchObject(invalid);
    expect(await as.get('/api/posts/2000000000')).toMatchObject({ status: 404, body: { code: 'not_found' } });

    const post = (await as.post(posts, { targets: [target('tiktok')], scheduledAt: inMinutes(60) })).body.posts[0];
    for (const body of [{}, { caption: 7 }, { options: 'public' }, { scheduledAt: 'soon' }, { status: 'published' }]) {
      expect(await as.patch(`/api/posts/${post.id}`, body), JSON.stringify(body)).toMatchObject(invalid);
    }
    expect(await as.delete('/api/posts/-1')).toMatchObject(invalid);
    expect(await as.post('/api/posts/abc/retry')).toMatchObject(invalid);
    for (const body of [
      {},
      { videoIds: [], platforms: ['tiktok'], scheduledAt: inMinutes(60) },
      { videoIds: [videoId], platforms: [], scheduledAt: inMinutes(60) },
      { videoIds: [videoId], platforms: ['tiktok'] },
      { videoIds: [videoId], platforms: ['tiktok'], scheduledAt: inMinutes(60), intervalMinutes: -5 },
      { videoIds: ['1'], platforms: ['tiktok'], scheduledAt: inMinutes(60) },
    ]) {
      expect(await as.post('/api/posts/bulk', body), JSON.stringify(body)).toMatchObject(invalid);
    }

    const anonymous = api(server);
    const unauthorized = { status: 401, body: { code: 'unauthorized' } };
    expect(await anonymous.post(posts, { targets: [target('tiktok')] })).toMatchObject(unauthorized);
    expect(await anonymous.get(posts)).toMatchObject(unauthorized);
    expect(await anonymous.get(`/api/posts?project_id=${owner.projectId}`)).toMatchObject(unauthorized);
    expect(await anonymous.get(`/api/posts/${post.id}`)).toMatchObject(unauthorized);
    expect(await anonymous.patch(`/api/posts/${post.id}`, { caption: 'x' })).toMatchObject(unauthorized);
    expect(await anonymous.delete(`/api/posts/${post.id}`)).toMatchObject(unauthorized);
    expect(await anonymous.post(`/api/posts/${post.id}/retry`)).toMatchObject(unauthorized);
    expect(await anonymous.post('/api/posts/bulk', {})).toMatchObject(unauthorized);
    expect((await as.get(`/api/posts/${post.id}`)).body.post).toEqual(post);
  });
});
