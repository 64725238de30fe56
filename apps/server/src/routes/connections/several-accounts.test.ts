import type { Connection } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '../../../test/connections';
import { api } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWithTwoChannels } from '../posts/posts-test-support';

describe('several accounts of one platform in a project', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const connections = async (token: string, projectId: number) =>
    (await api(server, token).get(`/api/connections?project_id=${projectId}`)).body.connections as Connection[];

  const twoChannels = () => ownerWithTwoChannels(server);

  it('adds a connection for another account, and renews (same id) the one it has on connecting it again', async () => {
    const owner = await twoChannels();
    expect(owner.second.id).not.toBe(owner.first.id);
    expect(owner.second.accountName).toBe('Second Creator');
    const listed = await connections(owner.token, owner.projectId);
    expect(listed.map((c) => c.accountName).sort()).toEqual(['Fanout Demo Channel', 'Second Creator']);

    const again = (await connectAccount(server, owner.token, 'youtube', owner.projectId)).connection!;
    expect(again.id).toBe(owner.first.id);
    expect((await connections(owner.token, owner.projectId)).map((c) => c.id).sort()).toEqual(
      [owner.first.id, owner.second.id].sort(),
    );
  });

  it('needs the account named when the platform has several: 409 connection_required naming the platform', async () => {
    const owner = await twoChannels();
    const video = await addVideo(server, owner);
    const res = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube' }],
      scheduledAt: inMinutes(60),
    });
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'connection_required', error: expect.stringContaining('YouTube') },
    });
  });

  it('posts to the account named, and to two accounts of one platform in one post', async () => {
    const owner = await twoChannels();
    const video = await addVideo(server, owner);
    const one = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.second.id }],
      scheduledAt: inMinutes(60),
    });
    expect(one.status).toBe(201);
    expect(one.body.posts).toEqual([
      expect.objectContaining({ connectionId: owner.second.id, accountName: 'Second Creator' }),
    ]);

    // The other channel may carry the same video; the same channel may not twice.
    const other = await addVideo(server, owner, { title: 'Two channels' });
    const both = await owner.as.post(`/api/videos/${other}/posts`, {
      targets: [
        { platform: 'youtube', connectionId: owner.first.id },
        { platform: 'youtube', connectionId: owner.second.id },
      ],
      scheduledAt: inMinutes(60),
    });
    expect(both.status).toBe(201);
    expect(both.body.posts.map((p: { connectionId: number }) => p.connectionId).sort()).toEqual(
      [owner.first.id, owner.second.id].sort(),
    );
    const firstToo = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.first.id }],
      scheduledAt: inMinutes(90),
    });
    expect(firstToo.status).toBe(201);
    const twice = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.second.id }],
      scheduledAt: inMinutes(120),
    });
    expect(twice).toMatchObject({ status: 409, body: { code: 'already_posted' } });
    expect(twice.body.error).toContain('Second Creator');

    // My Posts shows one account's posts.
    const listed = await owner.as.get(`/api/posts?project_id=${owner.projectId}&connection_id=${owner.second.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.posts).toHaveLength(2);
    expect(listed.body.posts.every((p: { accountName: string }) => p.accountName === 'Second Creator')).toBe(true);
  });

  it('keeps one live post of a video per account: a published one blocks its channel only', async () => {
    const owner = await twoChannels();
    const video = await addVideo(server, owner, { title: 'Live once' });
    const post = (connectionId: number) =>
      owner.as.post(`/api/videos/${video}/posts`, {
        targets: [{ platform: 'youtube', connectionId }],
        scheduledAt: inMinutes(60),
      });
    const first = await post(owner.first.id);
    expect(first.status).toBe(201);
    // Published as the runner leaves a post that went out (this video has no stored file to publish).
    await server.ctx.db
      .updateTable('posts')
      .set({ status: 'published', published_at: new Date() })
      .where('id', '=', first.body.posts[0].id)
      .execute();
    const again = await post(owner.first.id);
    expect(again).toMatchObject({ status: 409, body: { code: 'already_posted' } });
    expect(again.body.error).toContain('is already published there on YouTube (Fanout Demo Channel)');
    const onSecond = await post(owner.second.id);
    expect(onSecond.status).toBe(201);
    expect(onSecond.body.posts[0]).toMatchObject({ connectionId: owner.second.id, status: 'scheduled' });
  });

  it("lists one account's posts; an account of another user's project is 404 and shows nothing", async () => {
    const owner = await twoChannels();
    const stranger = await twoChannels();
    const video = await addVideo(server, owner);
    const posted = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.first.id }],
      scheduledAt: inMinutes(60),
    });
    expect(posted.status).toBe(201);
    const list = (who: typeof owner, id: number) =>
      who.as.get(`/api/posts?project_id=${who.projectId}&connection_id=${id}`);
    expect((await list(owner, owner.first.id)).body.posts).toHaveLength(1);
    expect((await list(owner, owner.second.id)).body).toEqual({ posts: [], nextCursor: null });
    const unknown = { status: 404, body: { error: 'Connection not found', code: 'not_found' } };
    expect(await list(stranger, owner.first.id)).toMatchObject(unknown);
    expect(await list(owner, stranger.first.id)).toMatchObject(unknown);
    const bad = await owner.as.get(`/api/posts?project_id=${owner.projectId}&connection_id=second`);
    expect(bad).toMatchObject({ status: 400, body: { code: expect.any(String) } });
  });

  it("exports one account's posts; an account of another user's project is 404 before any byte", async () => {
    const owner = await twoChannels();
    const stranger = await twoChannels();
    const video = await addVideo(server, owner);
    const posted = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.second.id }],
      scheduledAt: inMinutes(60),
    });
    expect(posted.status).toBe(201);
    const exported = (who: typeof owner, id: number) =>
      who.as.get(`/api/posts/export?project_id=${who.projectId}&connection_id=${id}&format=json`);
    const second = await exported(owner, owner.second.id);
    expect(second.status).toBe(200);
    expect((second.body as { posts: { account: string }[] }).posts.map((p) => p.account)).toEqual(['Second Creator']);
    expect((await exported(owner, owner.first.id)).body).toEqual({ posts: [] });
    const unknown = { status: 404, body: { error: 'Connection not found', code: 'not_found' } };
    expect(await exported(stranger, owner.first.id)).toMatchObject(unknown);
    expect(await exported(owner, stranger.first.id)).toMatchObject(unknown);
  });

  it("refuses another project's account and an account of another platform", async () => {
    const owner = await twoChannels();
    const stranger = await twoChannels();
    const video = await addVideo(server, owner);
    const foreign = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: stranger.first.id }],
      scheduledAt: inMinutes(60),
    });
    expect(foreign.status).toBe(404);
    const mismatch = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'x', connectionId: owner.first.id }],
      scheduledAt: inMinutes(60),
    });
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'connection_platform_mismatch' } });
  });
});
