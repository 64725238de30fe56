import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api } from '../../../test/factories';
import { insertPost, personWithVideo } from '../../../test/notifications';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { refreshConnection } from '../../services/connections/connection-refresh.service';
import { notifyPostOutcome } from '../../services/notifications/notify';

describe('notifications API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));
  afterEach(() => control.clearFaults(sandboxEmulator(server)));

  it('tells in words what became of each post, with a link to its video, newest first', async () => {
    const person = await personWithVideo(server, 'Harbour at dawn');
    const published = await insertPost(server, person, { platform: 'tiktok', status: 'published' });
    const failed = await insertPost(server, person, {
      platform: 'x',
      status: 'failed',
      error: {
        code: 'rejected',
        message: 'X refused the post',
        platformCode: '403',
        platformMessage: 'You are not permitted to post duplicate content',
      },
    });
    const unconfirmed = await insertPost(server, person, { platform: 'reddit', status: 'unconfirmed' });
    await notifyPostOutcome(server.ctx, published, 'published');
    await notifyPostOutcome(server.ctx, failed, 'failed');
    await notifyPostOutcome(server.ctx, unconfirmed, 'unconfirmed');

    const res = await api(server, person.token).get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(3);
    expect(res.body.notifications.map((n: { message: string }) => n.message)).toEqual([
      '“Harbour at dawn” may or may not be on Reddit: check it there before retrying.',
      '“Harbour at dawn” could not be published on X: You are not permitted to post duplicate content.',
      '“Harbour at dawn” was published on TikTok.',
    ]);
    expect(res.body.notifications[2]).toMatchObject({
      kind: 'published',
      projectId: person.project.id,
      platform: 'tiktok',
      postId: published.id,
      videoId: person.videoId,
      link: `/video/${person.videoId}`,
      read: false,
    });
    expect(Date.parse(res.body.notifications[2].createdAt)).not.toBeNaN();
  });

  it('lists the latest 30 and counts every unread one', async () => {
    const person = await personWithVideo(server);
    const post = await insertPost(server, person, { status: 'published' });
    for (let i = 0; i < 32; i++) await notifyPostOutcome(server.ctx, post, 'published');
    const res = await api(server, person.token).get('/api/notifications');
    expect(res.body.notifications).toHaveLength(30);
    expect(res.body.unread).toBe(32);
    const ids = res.body.notifications.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('marks some or all read and answers what stays unread; only ever your own', async () => {
    const owner = await personWithVideo(server);
    const stranger = await personWithVideo(server);
    for (const who of [owner, stranger]) {
      const post = await insertPost(server, who, { status: 'published' });
      for (let i = 0; i < 3; i++) await notifyPostOutcome(server.ctx, post, 'published');
    }
    const [newest, second] = (await api(server, owner.token).get('/api/notifications')).body.notifications;
    const theirs = (await api(server, stranger.token).get('/api/notifications')).body.notifications;

    // A stranger's ids change nothing of the owner's, and the stranger sees none of them.
    const foreign = await api(server, stranger.token).post('/api/notifications/read', { ids: [newest.id, second.id] });
    expect(foreign).toMatchObject({ status: 200, body: { unread: 3 } });
    expect((await api(server, owner.token).get('/api/notifications')).body.unread).toBe(3);
    const strangersView = (await api(server, stranger.token).get('/api/notifications')).body.notifications;
    expect(strangersView.map((n: { id: number }) => n.id)).toEqual(theirs.map((n: { id: number }) => n.id));

    const some = await api(server, owner.token).post('/api/notifications/read', { ids: [newest.id] });
    expect(some).toMatchObject({ status: 200, body: { unread: 2 } });
    const listed = (await api(server, owner.token).get('/api/notifications')).body.notifications;
    expect(listed.map((n: { read: boolean }) => n.read)).toEqual([true, false, false]);

    expect(await api(server, owner.token).post('/api/notifications/read', { all: true })).toMatchObject({
      status: 200,
      body: { unread: 0 },
    });
    expect((await api(server, stranger.token).get('/api/notifications')).body.unread).toBe(3);
  });

  it('refuses bad input with 400 and anyone signed out with 401', async () => {
    const person = await personWithVideo(server);
    const as = api(server, person.token);
    for (const body of [
      {},
      { ids: [] },
      { ids: ['one'] },
      { ids: [0] },
      { all: false },
      { ids: [1], all: true },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await as.post('/api/notifications/read', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await as.raw('POST', '/api/notifications/read', '{"all": tru')).status).toBe(400);
    expect((await api(server).get('/api/notifications')).status).toBe(401);
    expect((await api(server).post('/api/notifications/read', { all: true })).status).toBe(401);
    expect((await api(server).get('/api/events')).status).toBe(401);
  });

  it('says when a platform account needs reconnecting, linking to Accounts', async () => {
    const person = await personWithVideo(server);
    await connectAccount(server, person.token, 'tiktok', person.project.id);
    const row = await server.ctx.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('project_id', '=', person.project.id)
      .executeTakeFirstOrThrow();
    await control.fault(sandboxEmulator(server), {
      platform: 'tiktok',
      kind: 'reject',
      step: 'token',
      message: 'The grant was revoked by its owner',
    });
    expect(await refreshConnection(server.ctx, row.id)).toBe('needs_reconnect');
    // Told once: a refresh of a connection that already needs reconnecting says nothing more.
    expect(await refreshConnection(server.ctx, row.id)).toBe('gone');

    const res = await api(server, person.token).get('/api/notifications');
    expect(res.body).toMatchObject({
      unread: 1,
      notifications: [
        {
          kind: 'needs_reconnect',
          platform: 'tiktok',
          projectId: person.project.id,
          postId: null,
          videoId: null,
          message: 'Your TikTok account needs reconnecting.',
          link: '/accounts',
        },
      ],
    });
  });
});
