import type { Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { sweepPosts } from '../../services/publishing/publish-sweep';
import { addVideo, ownerWith, target } from './posts-test-support';
import {
  getPost,
  postTo,
  publisher,
  setPostRow,
  settled,
  uniqueCaption,
  uploadedVideo,
} from '../../services/publishing/publishing-test-support';

describe('PATCH /api/posts/:id changes the first comment of a post', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const inAnHour = () => new Date(Date.now() + 3_600_000);
  const commentsUnder = async (post: Post) =>
    (await control.comments(sandboxEmulator(server))).items.filter(
      (c) => c.platform === post.platform && c.postId === post.platformPostId,
    );

  it('adds a first comment to a scheduled post, which is posted once under it; a posted one is no longer changed', async () => {
    const who = await publisher(server, 'x');
    const made = await postTo(who, 'x', await uploadedVideo(server, who), uniqueCaption('comment'), inAnHour());
    expect(made.firstComment).toBeNull();

    const added = await who.as.patch(`/api/posts/${made.id}`, { firstComment: 'Longer cut on the blog' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.post.firstComment).toEqual({
      text: 'Longer cut on the blog',
      status: 'pending',
      url: null,
      error: null,
    });
    const changed = await who.as.patch(`/api/posts/${made.id}`, {
      firstComment: 'Full cut on the blog',
      scheduledAt: new Date().toISOString(),
    });
    expect(changed.status).toBe(200);

    expect(await settled(who, made.id)).toMatchObject({ status: 'published' });
    let post: Post | undefined;
    await waitUntil(
      async () => (post = await getPost(who, made.id)).firstComment?.status === 'posted',
      'the first comment to be posted',
    );
    await sweepPosts(server.ctx);
    expect((await commentsUnder(post!)).map((c) => c.text)).toEqual(['Full cut on the blog']);

    const late = await who.as.patch(`/api/posts/${made.id}`, { firstComment: 'Another' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'first_comment_sent' });
    expect(late.body.error).toMatch(/already posted: change it on the platform/);
    expect((await who.as.patch(`/api/posts/${made.id}`, { caption: 'new' })).body.code).toBe('post_started');
    expect((await getPost(who, made.id)).firstComment).toMatchObject({ text: 'Full cut on the blog' });
  });

  it('clears a first comment, and refuses one TikTok cannot take, one too long, and one on a started post', async () => {
    const who = await publisher(server, 'x');
    const video = await uploadedVideo(server, who);
    const made = await who.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'x', caption: uniqueCaption('clear'), firstComment: 'Soon' }],
      scheduledAt: inAnHour().toISOString(),
    });
    const id = (made.body.posts[0] as Post).id;
    const cleared = await who.as.patch(`/api/posts/${id}`, { firstComment: '  ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.post.firstComment).toBeNull();

    const long = await who.as.patch(`/api/posts/${id}`, { firstComment: 'x'.repeat(300) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'validation_failed', violations: [{ field: 'firstComment' }] });

    await setPostRow(server, id, { status: 'publishing', started_at: new Date() });
    const started = await who.as.patch(`/api/posts/${id}`, { firstComment: 'Too late' });
    expect(started).toMatchObject({ status: 409, body: { code: 'post_started' } });

    const tiktok = await ownerWith(server, ['tiktok']);
    const onTikTok = await tiktok.as.post(`/api/videos/${await addVideo(server, tiktok)}/posts`, {
      targets: [target('tiktok', { caption: uniqueCaption('tiktok') })],
      scheduledAt: inAnHour().toISOString(),
    });
    const tiktokId = (onTikTok.body.posts[0] as Post).id;
    const refused = await tiktok.as.patch(`/api/posts/${tiktokId}`, { firstComment: 'First!' });
    expect(refused.status).toBe(400);
    expect(refused.body.violations).toEqual([expect.objectContaining({ rule: 'firstComment.unsupported' })]);
    expect((await tiktok.as.get(`/api/posts/${tiktokId}`)).body.post.firstComment).toBeNull();
  });
  it('refuses a first comment to an account connected without the comment permission, in the words of create', async () => {
    const owner = await ownerWith(server, ['youtube']);
    const made = await owner.as.post(`/api/videos/${await addVideo(server, owner)}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inAnHour().toISOString(),
    });
    const post = made.body.posts[0] as Post;
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ scopes: JSON.stringify(['https://www.googleapis.com/auth/youtube.upload']) })
      .where('id', '=', post.connectionId!)
      .execute();
    const refused = await owner.as.patch(`/api/posts/${post.id}`, { firstComment: 'Chapters below' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'reconnect_to_allow' } });
    expect(refused.body.error).toMatch(/^Reconnect YouTube .* to allow posting a first comment/);
    // The rest of the post may still change.
    expect((await owner.as.patch(`/api/posts/${post.id}`, { caption: 'Chapters in the description' })).status).toBe(
      200,
    );
  });
});
