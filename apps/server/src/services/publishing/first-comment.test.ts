import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { runFirstComment } from './first-comment';
import { commentSettled, commentsUnder, postWithComment } from './first-comment-test-support';
import { sweepPosts } from './publish-sweep';
import {
  publishedWith,
  publisher,
  setPostRow,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from './publishing-test-support';

const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';

describe('the first comment: its own step after the post goes live', () => {
  let server: TestServer;
  let emulator: { url: string };
  beforeAll(async () => {
    server = await startTestServer({ PUBLISH_RETRY_BASE_MS: '100' });
    emulator = sandboxEmulator(server);
  });
  afterAll(() => stopTestServer(server));

  it('is posted once under the live post (an X reply), and shown on the post with its address', async () => {
    const who = await publisher(server, 'x');
    const caption = uniqueCaption('Harbour');
    const created = await postWithComment(server, who, 'x', caption, 'Full version on the blog');
    expect(created.firstComment).toEqual({
      text: 'Full version on the blog',
      status: 'pending',
      url: null,
      error: null,
    });

    expect(await settled(who, created.id)).toMatchObject({ status: 'published' });
    const post = await commentSettled(who, created.id);
    expect(post.firstComment).toMatchObject({
      status: 'posted',
      error: null,
      url: expect.stringContaining('/status/'),
    });
    expect(await commentsUnder(emulator, post)).toMatchObject([{ text: 'Full version on the blog' }]);

    // Whatever looks again (the sweep, a job sent twice) finds nothing to send.
    await sweepPosts(server.ctx);
    expect(await runFirstComment(server.ctx, post.id)).toBe('nothing');
    expect(await commentsUnder(emulator, post)).toHaveLength(1);
    expect(await publishedWith(server, caption)).toHaveLength(1);
  });

  it('a refused comment is shown beside the published post and retried alone', async () => {
    const who = await publisher(server, 'reddit');
    await control.fault(emulator, { platform: 'reddit', kind: 'reject', step: 'comment', message: 'comments locked' });
    const caption = uniqueCaption('Refused');
    const created = await postWithComment(server, who, 'reddit', caption, 'Source in the comments');
    const failed = await commentSettled(who, created.id);
    expect(failed).toMatchObject({ status: 'published', firstComment: { status: 'failed', url: null } });
    expect(failed.firstComment?.error?.message).toMatch(/^Reddit refused the comment/);
    expect(await commentsUnder(emulator, failed)).toHaveLength(0);

    const retried = await who.as.post(`/api/posts/${created.id}/first-comment/retry`);
    expect(retried.status).toBe(200);
    const posted = await commentSettled(who, created.id);
    expect(posted).toMatchObject({ status: 'published', firstComment: { status: 'posted', error: null } });
    expect(await commentsUnder(emulator, posted)).toMatchObject([{ text: 'Source in the comments' }]);
    // Only the comment went again: the video was posted once.
    const live = (await control.published(emulator)).items.filter((i) => i.platform === 'reddit');
    expect(live.filter((i) => i.id === posted.platformPostId)).toHaveLength(1);
    expect(live.filter((i) => i.title === caption || i.caption === caption)).toHaveLength(1);
    expect(await who.as.post(`/api/posts/${created.id}/first-comment/retry`)).toMatchObject({
      status: 409,
      body: { code: 'not_retryable' },
    });
  });

  it('an account connected without the comment permission: refused at create, and failed at publish once taken away', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'youtube', project.id, 'approve', (url) => {
      const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter((s) => s !== FORCE_SSL);
      url.searchParams.set('scope', scopes.join(' '));
    });
    const as = api(server, token);
    const connection = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections[0];
    expect(connection).toMatchObject({
      status: 'connected',
      missingFeatures: [{ feature: 'first_comment' }, { feature: 'playlists' }, { feature: 'captions' }],
    });
    const who: Publisher = { token, projectId: project.id, connectionId: connection.id, as };
    const videoId = await uploadedVideo(server, who);
    const target = { platform: 'youtube', caption: 'Dawn', options: { privacy: 'public' } };

    const refused = await as.post(`/api/videos/${videoId}/posts`, { targets: [{ ...target, firstComment: 'Hi' }] });
    expect(refused).toMatchObject({ status: 409, body: { code: 'reconnect_to_allow' } });
    expect(refused.body.error).toMatch(/Reconnect YouTube .* to allow posting a first comment/);
    expect((await as.get(`/api/videos/${videoId}/posts`)).body.posts).toHaveLength(0);

    // Asked while the grant had the permission, taken away before the post's time: the post still goes out.
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ scopes: JSON.stringify([...connection.scopes, FORCE_SSL]) })
      .where('id', '=', connection.id)
      .execute();
    const made = await as.post(`/api/videos/${videoId}/posts`, {
      targets: [{ ...target, firstComment: 'Hi' }],
      scheduledAt: later,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ scopes: JSON.stringify(connection.scopes) })
      .where('id', '=', connection.id)
      .execute();
    await setPostRow(server, made.body.posts[0].id, { scheduled_at: new Date(), due_at: new Date() });
    await sweepPosts(server.ctx);
    const post = await commentSettled(who, made.body.posts[0].id);
    expect(post).toMatchObject({
      status: 'published',
      firstComment: { status: 'failed', error: { code: 'reconnect_to_allow' } },
    });
    expect(post.firstComment?.error?.message).toMatch(/to allow posting a first comment/);
    expect(await commentsUnder(emulator, post)).toHaveLength(0);
  });

  it('a comment the platform refuses for a permission the grant lacks marks the connection for a reconnect', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'youtube', project.id, 'approve', (url) => {
      const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter((s) => s !== FORCE_SSL);
      url.searchParams.set('scope', scopes.join(' '));
    });
    const as = api(server, token);
    const connection = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections[0];
    // Fanout believes the grant has the permission (as after a change on the platform's side it no longer does).
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ scopes: JSON.stringify([...connection.scopes, FORCE_SSL]) })
      .where('id', '=', connection.id)
      .execute();
    const who: Publisher = { token, projectId: project.id, connectionId: connection.id, as };
    const made = await as.post(`/api/videos/${await uploadedVideo(server, who)}/posts`, {
      targets: [{ platform: 'youtube', caption: 'Dusk', options: { privacy: 'public' }, firstComment: 'Hello' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const post = await commentSettled(who, made.body.posts[0].id);
    expect(post).toMatchObject({
      status: 'published',
      firstComment: { status: 'failed', error: { code: 'needs_reconnect' } },
    });
    expect(post.firstComment?.error?.message).toMatch(/insufficient authentication scopes.*Then retry the comment/);
    const after = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections[0];
    expect(after.status).toBe('needs_reconnect');
    expect(await commentsUnder(emulator, post)).toHaveLength(0);
  });

  it('TikTok takes no first comment: refused with the other rules, before anything is made', async () => {
    const who = await publisher(server, 'tiktok');
    const res = await who.as.post(`/api/videos/${await uploadedVideo(server, who)}/posts`, {
      targets: [{ platform: 'tiktok', caption: 'x', firstComment: 'Hi', options: { privacyLevel: 'SELF_ONLY' } }],
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'validation_failed',
        violations: expect.arrayContaining([
          expect.objectContaining({ field: 'firstComment', rule: 'firstComment.unsupported' }),
        ]),
      },
    });
  });
});
