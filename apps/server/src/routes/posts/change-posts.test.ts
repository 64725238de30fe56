import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import type { PostRow } from '../../db/posts.schema';
import { requeueFinishedPost } from '../../repositories/posts.repository';
import { addVideo, inMinutes, ownerWith, postRow, setPost, target, type Owner } from './posts-test-support';

describe('changing, cancelling and retrying posts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function scheduled(owner: Owner, platforms: ('tiktok' | 'youtube' | 'reddit')[] = ['tiktok']) {
    const videoId = await addVideo(server, owner);
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: platforms.map((p) => target(p)),
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(201);
    return { videoId, posts: res.body.posts as { id: number; platform: string }[] };
  }

  it('edits the caption, options and time of a scheduled post, and puts the caption back to the built one', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const { posts } = await scheduled(owner);
    const id = posts[0]!.id;
    const at = inMinutes(120);
    const res = await owner.as.patch(`/api/posts/${id}`, {
      caption: 'Sunrise over the harbour',
      options: { privacyLevel: 'FOLLOWER_OF_CREATOR', allowComments: false },
      scheduledAt: at,
    });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({
      id,
      status: 'scheduled',
      caption: 'Sunrise over the harbour',
      options: { privacyLevel: 'FOLLOWER_OF_CREATOR', allowComments: false },
      scheduledAt: at,
    });
    expect((await postRow(server, id))!.due_at!.toISOString()).toBe(at);
    expect((await owner.as.get(`/api/posts/${id}`)).body.post).toEqual(res.body.post);

    const reset = await owner.as.patch(`/api/posts/${id}`, { caption: null });
    expect(reset.body.post).toMatchObject({ caption: null, scheduledAt: at });
  });

  it('checks an edit against the platform rules, every violation at once, and keeps the post as it was', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const { posts } = await scheduled(owner);
    const id = posts[0]!.id;
    const res = await owner.as.patch(`/api/posts/${id}`, {
      caption: 'x'.repeat(2201),
      options: { privacyLevel: 'EVERYONE', allowDuet: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const fields = res.body.violations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(expect.arrayContaining(['caption', 'options.privacyLevel', 'options.allowDuet']));
    expect((await owner.as.get(`/api/posts/${id}`)).body.post).toMatchObject({
      caption: null,
      options: { privacyLevel: 'SELF_ONLY' },
    });
  });

  it('refuses to change or cancel a post once it has started, and a cancelled one', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube']);
    const { posts } = await scheduled(owner, ['tiktok', 'youtube']);
    const [started, other] = [posts[0]!, posts[1]!];
    await setPost(server, started.id, { status: 'publishing', lease_owner: 'a-run', started_at: new Date() });
    expect(await owner.as.patch(`/api/posts/${started.id}`, { caption: 'Too late' })).toMatchObject({
      status: 409,
      body: { code: 'post_started' },
    });
    expect(await owner.as.delete(`/api/posts/${started.id}`)).toMatchObject({
      status: 409,
      body: { code: 'post_started' },
    });

    const cancelled = await owner.as.delete(`/api/posts/${other.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.post).toMatchObject({ id: other.id, status: 'cancelled' });
    expect((await postRow(server, other.id))!.due_at).toBeNull();
    expect(await owner.as.delete(`/api/posts/${other.id}`)).toMatchObject({
      status: 409,
      body: { code: 'post_cancelled' },
    });
    expect(await owner.as.patch(`/api/posts/${other.id}`, { scheduledAt: inMinutes(30) })).toMatchObject({
      status: 409,
      body: { code: 'post_cancelled' },
    });
  });

  it('cancels exactly once when several cancels race', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const { posts } = await scheduled(owner);
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.as.delete(`/api/posts/${posts[0]!.id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('retries a failed post: publishing again at once, its error cleared', async () => {
    const owner = await ownerWith(server, ['reddit']);
    const { videoId, posts } = await scheduled(owner, ['reddit']);
    const id = posts[0]!.id;
    expect(await owner.as.post(`/api/posts/${id}/retry`)).toMatchObject({
      status: 409,
      body: { code: 'not_retryable' },
    });

    const journal = { step: 'create', uploadUrl: 'https://example.invalid/upload/1' };
    await setPost(server, id, {
      status: 'failed',
      due_at: null,
      journal,
      attempts: 1,
      progress: { step: 'create', bytesSent: 5_000_000, bytesTotal: 5_000_000 },
      error: {
        code: 'rejected',
        message: 'Reddit refused the post',
        platformCode: 'SUBREDDIT_NOEXIST',
        platformMessage: 'no such subreddit',
      },
    });
    const video = (await owner.as.get(`/api/videos/${videoId}`)).body.video;
    expect(video).toMatchObject({ status: 'failed', postCounts: { failed: 1, scheduled: 0 } });

    const res = await owner.as.post(`/api/posts/${id}/retry`);
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({
      id,
      status: 'publishing',
      error: null,
      progress: { step: 'queued', bytesSent: 0, bytesTotal: 5_000_000 },
      retryAt: null,
      attempts: 2,
    });
  });

  it('keeps the journal on retry, so the runner resumes where the post stopped, and makes it due now', async () => {
    const owner = await ownerWith(server, ['reddit']);
    const { posts } = await scheduled(owner, ['reddit']);
    const id = posts[0]!.id;
    const journal = { step: 'create', uploadUrl: 'https://example.invalid/upload/2' };
    await setPost(server, id, { status: 'unconfirmed', due_at: null, lease_owner: null, journal, step_tries: 3 });
    // Looked at inside a transaction that is then rolled back: the publish runner never sees this post due.
    const seen = await server.ctx.db
      .transaction()
      .execute(async (trx) => {
        const before = Date.now();
        const row = await requeueFinishedPost(trx, id, owner.userId);
        throw Object.assign(new Error('rollback'), { row, before });
      })
      .catch((err: { row: PostRow; before: number }) => err);
    expect(seen.row).toMatchObject({ status: 'publishing', lease_owner: null, error: null, step_tries: 0, journal });
    expect(seen.row.due_at!.getTime()).toBeGreaterThanOrEqual(seen.before - 1000);
    expect((await postRow(server, id))!.status).toBe('unconfirmed');
    expect(await requeueFinishedPost(server.ctx.db, id, owner.userId + 1000)).toBeUndefined();
  });

  it('retries an unconfirmed post, but never while another post of the video to that platform stands', async () => {
    const owner = await ownerWith(server, ['youtube']);
    const { videoId, posts } = await scheduled(owner, ['youtube']);
    const id = posts[0]!.id;
    await setPost(server, id, {
      status: 'failed',
      due_at: null,
      error: { code: 'retryable', message: 'YouTube did not answer', platformCode: null, platformMessage: null },
    });
    const replacement = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inMinutes(60),
    });
    expect(replacement.status).toBe(201);
    // The newer post stands for YouTube: the failed one is history, no longer counted.
    const video = (await owner.as.get(`/api/videos/${videoId}`)).body.video;
    expect(video).toMatchObject({ status: 'scheduled', postCounts: { scheduled: 1, failed: 0 } });
    expect(await owner.as.post(`/api/posts/${id}/retry`)).toMatchObject({
      status: 409,
      body: { code: 'already_posted' },
    });

    await owner.as.delete(`/api/posts/${replacement.body.posts[0].id}`);
    await setPost(server, id, { status: 'unconfirmed' });
    const res = await owner.as.post(`/api/posts/${id}/retry`);
    expect(res.status).toBe(200);
    expect(res.body.post.status).toBe('publishing');
  });

  it('keeps a video while one of its posts is being published, and deletes its other posts with it', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube']);
    const busy = await scheduled(owner, ['tiktok', 'youtube']);
    await setPost(server, busy.posts[0]!.id, { status: 'publishing', lease_owner: 'a-run' });
    expect(await owner.as.delete(`/api/videos/${busy.videoId}`)).toMatchObject({
      status: 409,
      body: { code: 'post_in_progress' },
    });
    const calm = await scheduled(owner, ['tiktok']);
    expect(await owner.as.post('/api/videos/bulk-delete', { videoIds: [calm.videoId, busy.videoId] })).toMatchObject({
      status: 409,
      body: { code: 'post_in_progress' },
    });
    expect((await owner.as.get(`/api/videos/${calm.videoId}`)).status).toBe(200);

    const deleted = await owner.as.delete(`/api/videos/${calm.videoId}`);
    expect(deleted).toMatchObject({ status: 200, body: { deleted: [calm.videoId] } });
    expect((await owner.as.get(`/api/posts/${calm.posts[0]!.id}`)).status).toBe(404);
    expect(await postRow(server, calm.posts[0]!.id)).toBeUndefined();
  });
});
