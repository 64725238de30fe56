import type { Connection, Notification, PlatformKey, Post } from '@fanout/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { sweepPosts } from './publish-sweep';
import {
  getPost,
  postRow,
  postTo,
  publishedWith,
  publisher,
  setPostRow,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from './publishing-test-support';
import { RECONNECT_WAIT_MS } from './reconnect-wait';

const ENV = { PUBLISH_RETRY_BASE_MS: '100' };
const HOUR = 3_600_000;

describe('an account whose grant the platform refuses even after its renewal', () => {
  let server: TestServer;
  let emulator: { url: string };
  beforeAll(async () => {
    server = await startTestServer(ENV);
    emulator = sandboxEmulator(server);
  });
  afterAll(() => stopTestServer(server));
  afterEach(() => control.clearFaults(emulator));

  /** Every request the emulator has had for a platform since it started. */
  async function platformCalls(platform: PlatformKey): Promise<number> {
    const res = await fetch(`${emulator.url}/_control/steps`);
    const { items } = (await res.json()) as { items: { platform: string; requests: number }[] };
    return items.filter((i) => i.platform === platform).reduce((sum, i) => sum + i.requests, 0);
  }
  const connectionOf = async (who: Publisher): Promise<Connection> =>
    (await who.as.get(`/api/connections?project_id=${who.projectId}`)).body.connections[0];
  const notifications = async (who: Publisher, kind: Notification['kind']): Promise<Notification[]> =>
    ((await who.as.get('/api/notifications')).body.notifications as Notification[]).filter((n) => n.kind === kind);

  /** Makes a post due now (as if its time had come) and runs the minute's sweep, which queues it. */
  async function comesDue(postId: number) {
    const now = new Date();
    await setPostRow(server, postId, { scheduled_at: now, due_at: now });
    await sweepPosts(server.ctx);
  }

  /** Waits until the post is back to `scheduled`, waiting for the reconnect, and returns it. */
  async function waitingForReconnect(who: Publisher, postId: number): Promise<Post> {
    let post: Post | undefined;
    await waitUntil(
      async () =>
        (post = await getPost(who, postId)).error?.code === 'needs_reconnect' ||
        ['published', 'failed', 'unconfirmed'].includes(post.status),
      `post ${postId} to wait for a reconnect`,
    );
    expect(post).toMatchObject({ status: 'scheduled', error: { code: 'needs_reconnect' } });
    return post!;
  }

  /** A person with `platform` connected and two posts of two videos scheduled an hour ahead. */
  async function twoScheduledPosts(platform: PlatformKey) {
    const who = await publisher(server, platform);
    const later = new Date(Date.now() + HOUR);
    const posts: { post: Post; caption: string }[] = [];
    for (const what of ['First', 'Second']) {
      const caption = uniqueCaption(`${what} on ${platform}`);
      posts.push({
        post: await postTo(who, platform, await uploadedVideo(server, who, what), caption, later),
        caption,
      });
    }
    return { who, posts };
  }

  it('Facebook: an expired Page token marks the account, its posts wait scheduled without a call, and go out once reconnected', async () => {
    const { who, posts } = await twoScheduledPosts('facebook');
    const [first, second] = posts;
    // The Page token is refused as expired (190/463); renewing a Page token cannot help.
    await control.expireTokens(emulator, 'facebook');

    await comesDue(first!.post.id);
    const waiting = await waitingForReconnect(who, first!.post.id);
    expect(waiting.error).toMatchObject({
      message: expect.stringMatching(/reconnected on the Accounts screen.*within 24 hours/),
      platformCode: '190/463',
      platformMessage: expect.stringMatching(/Session has expired/),
    });
    expect(await connectionOf(who)).toMatchObject({
      status: 'needs_reconnect',
      statusReason: expect.stringMatching(/Session has expired/),
    });
    expect(await notifications(who, 'needs_reconnect')).toMatchObject([
      { message: 'Your Facebook account needs reconnecting.', link: '/accounts' },
    ]);
    expect(await notifications(who, 'failed')).toEqual([]);

    // The next post due on the account waits too, and nothing is sent to Facebook for it.
    const calls = await platformCalls('facebook');
    await comesDue(second!.post.id);
    await waitingForReconnect(who, second!.post.id);
    await sweepPosts(server.ctx);
    expect(await platformCalls('facebook')).toBe(calls);
    expect(await notifications(who, 'needs_reconnect')).toHaveLength(1);
    // It waits a day from its time at most.
    const row = await postRow(server, second!.post.id);
    expect(row.due_at!.getTime() - row.scheduled_at.getTime()).toBe(RECONNECT_WAIT_MS);

    // The person reconnects on the Accounts screen: the posts are due again and sent at once, without a sweep.
    await connectAccount(server, who.token, 'facebook', who.projectId);
    expect(await connectionOf(who)).toMatchObject({ status: 'connected', statusReason: null });
    for (const { post, caption } of posts) {
      expect(await settled(who, post.id)).toMatchObject({ status: 'published', attempts: 1, error: null });
      expect(await publishedWith(server, caption)).toHaveLength(1);
    }
  });

  it('X: a token refused again after its renewal waits for the reconnect, and goes out at once after it', async () => {
    const { who, posts } = await twoScheduledPosts('x');
    const [{ post, caption }] = posts as [{ post: Post; caption: string }];
    await control.fault(emulator, { platform: 'x', kind: 'token_expired', step: 'finalize', times: 2 });
    await comesDue(post.id);
    const waiting = await waitingForReconnect(who, post.id);
    expect(waiting.error).toMatchObject({ platformCode: 'Unauthorized', platformMessage: 'Unauthorized' });
    expect(await connectionOf(who)).toMatchObject({ status: 'needs_reconnect', statusReason: 'Unauthorized' });
    expect(await notifications(who, 'needs_reconnect')).toMatchObject([
      { message: 'Your X account needs reconnecting.' },
    ]);
    expect(await publishedWith(server, caption)).toEqual([]);

    await connectAccount(server, who.token, 'x', who.projectId);
    expect(await settled(who, post.id)).toMatchObject({ status: 'published', attempts: 1, error: null });
    expect(await publishedWith(server, caption)).toHaveLength(1);
  });

  it('Reddit: a permission the grant lacks marks the account, and the post goes out once reconnected with it', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    // The person unticked "submit" on Reddit's consent page.
    await connectAccount(server, token, 'reddit', project.id, 'approve', (url) =>
      url.searchParams.set('scope', 'identity read history'),
    );
    const who: Publisher = {
      token,
      projectId: project.id,
      as: api(server, token),
      connectionId: (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body.connections[0].id,
    };
    const caption = uniqueCaption('Without submit');
    const post = await postTo(who, 'reddit', await uploadedVideo(server, who, 'Scoped'), caption, undefined, {
      subreddit: 'videos',
    });
    const waiting = await waitingForReconnect(who, post.id);
    expect(waiting.error).toMatchObject({ platformMessage: 'Forbidden' });
    expect(await connectionOf(who)).toMatchObject({ status: 'needs_reconnect', statusReason: 'Forbidden' });
    expect(await notifications(who, 'needs_reconnect')).toHaveLength(1);

    await connectAccount(server, token, 'reddit', project.id);
    const done = await settled(who, post.id);
    expect(done).toMatchObject({ status: 'published', attempts: 1 });
    const { items } = await control.published(emulator);
    expect(items.filter((i) => i.platform === 'reddit' && i.id === done.platformPostId)).toHaveLength(1);
  });

  it('fails a waiting post with code needs_reconnect once it has waited 24 hours, without a call', async () => {
    const { who, posts } = await twoScheduledPosts('facebook');
    const [first, second] = posts;
    await control.expireTokens(emulator, 'facebook');
    await comesDue(first!.post.id);
    await waitingForReconnect(who, first!.post.id);

    const calls = await platformCalls('facebook');
    // A day has passed: the first post's wait is over; the second was due 25 hours ago.
    await setPostRow(server, first!.post.id, { due_at: new Date(Date.now() - 1_000) });
    const dayAgo = new Date(Date.now() - 25 * HOUR);
    await setPostRow(server, second!.post.id, { scheduled_at: dayAgo, due_at: dayAgo });
    await sweepPosts(server.ctx);
    for (const { post } of posts) {
      const done = await settled(who, post.id);
      expect(done).toMatchObject({
        status: 'failed',
        error: {
          code: 'needs_reconnect',
          message: expect.stringMatching(/not reconnected within 24 hours/),
          platformMessage: expect.stringMatching(/Session has expired/),
        },
      });
    }
    expect(await platformCalls('facebook')).toBe(calls);
    expect(await notifications(who, 'failed')).toMatchObject([
      {
        message: expect.stringMatching(/could not be published on Facebook: The Facebook account was not reconnected/),
      },
      { message: expect.stringMatching(/not reconnected within 24 hours/) },
    ]);
    expect(await notifications(who, 'needs_reconnect')).toHaveLength(1);

    // Once reconnected, a failed post can be retried as any other.
    await connectAccount(server, who.token, 'facebook', who.projectId);
    expect((await who.as.post(`/api/posts/${first!.post.id}/retry`)).status).toBe(200);
    expect(await settled(who, first!.post.id)).toMatchObject({ status: 'published' });
  });

  it('lets a waiting post be cancelled, and fails the others at once when the account is removed instead', async () => {
    const { who, posts } = await twoScheduledPosts('facebook');
    const [first, second] = posts;
    await control.expireTokens(emulator, 'facebook');
    for (const { post } of posts) {
      await comesDue(post.id);
      await waitingForReconnect(who, post.id);
    }
    const cancelled = await who.as.delete(`/api/posts/${first!.post.id}`);
    expect(cancelled.body.post).toMatchObject({ status: 'cancelled', error: null });

    expect((await who.as.delete(`/api/connections/${who.connectionId}`)).status).toBe(200);
    await sweepPosts(server.ctx);
    expect(await settled(who, second!.post.id)).toMatchObject({ status: 'failed', error: { code: 'disconnected' } });
  });

  it('TikTok: publish options refused after a renewal answer 409 needs_reconnect and mark the account once', async () => {
    const who = await publisher(server, 'tiktok');
    await control.fault(emulator, { platform: 'tiktok', kind: 'token_expired', step: 'creator_info', times: 2 });
    const res = await who.as.get(`/api/connections/${who.connectionId}/publish-options`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'needs_reconnect' });
    expect(await connectionOf(who)).toMatchObject({ status: 'needs_reconnect' });
    const calls = await platformCalls('tiktok');
    expect((await who.as.get(`/api/connections/${who.connectionId}/publish-options`)).status).toBe(409);
    expect(await platformCalls('tiktok')).toBe(calls);
    expect(await notifications(who, 'needs_reconnect')).toMatchObject([
      { message: 'Your TikTok account needs reconnecting.' },
    ]);
  });

  it('Facebook: a figures sync that meets the expired Page token marks the account, and says why', async () => {
    const who = await publisher(server, 'facebook');
    const caption = uniqueCaption('Figures');
    const post = await postTo(who, 'facebook', await uploadedVideo(server, who, 'Figures'), caption);
    expect(await settled(who, post.id)).toMatchObject({ status: 'published' });
    await control.expireTokens(emulator, 'facebook');

    const sync = await who.as.post('/api/analytics/sync', { project_id: who.projectId });
    expect(sync.body).toMatchObject({ synced: 0, failed: 1 });
    expect(await connectionOf(who)).toMatchObject({
      status: 'needs_reconnect',
      statusReason: expect.stringMatching(/Session has expired/),
    });
    expect(await notifications(who, 'needs_reconnect')).toHaveLength(1);
    const calls = await platformCalls('facebook');
    expect((await who.as.post('/api/analytics/sync', { project_id: who.projectId })).body.failed).toBe(1);
    expect(await platformCalls('facebook')).toBe(calls);
    // Reconnected for the tests after this one, which share the emulator's Facebook.
    await connectAccount(server, who.token, 'facebook', who.projectId);
  });
});
