import type { Post } from '@fanout/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  postRow,
  publishedWith,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from './publishing-test-support';

/** Steps give up after a second; retries back off from a tenth of a second. */
const ENV = { PUBLISH_STEP_TIMEOUT_SECONDS: '1', PUBLISH_RETRY_BASE_MS: '100' };

describe('correcting a failed or unconfirmed post before its retry', () => {
  let server: TestServer;
  let emulator: { url: string };
  let who: Publisher;
  beforeAll(async () => {
    server = await startTestServer(ENV);
    emulator = sandboxEmulator(server);
    who = await publisher(server);
    for (const platform of ['reddit', 'tiktok'] as const) {
      await connectAccount(server, who.token, platform, who.projectId);
    }
  });
  beforeEach(() => control.clearFaults(emulator));
  afterAll(() => stopTestServer(server));

  async function postNow(videoId: number, target: Record<string, unknown>): Promise<Post> {
    const res = await who.as.post(`/api/videos/${videoId}/posts`, { targets: [target] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.posts[0] as Post;
  }

  it('sends a Reddit post refused for a community that does not exist to the corrected one, once', async () => {
    const videoId = await uploadedVideo(server, who, 'Harbour at dawn');
    const caption = uniqueCaption('Harbour');
    const post = await postNow(videoId, { platform: 'reddit', caption, options: { subreddit: 'no_such_place' } });
    const failed = await settled(who, post.id);
    // Reddit's refusal, in the sandbox's words: which communities there are.
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'rejected', platformCode: 'SUBREDDIT_NOEXIST' } });
    expect(failed.error!.message).toContain("that community doesn't exist; this sandbox has r/test, r/videos");

    const res = await who.as.post(`/api/posts/${post.id}/retry`, { options: { subreddit: 'videos' } });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ status: 'publishing', options: { subreddit: 'videos' }, error: null });
    const done = await settled(who, post.id);
    expect(done).toMatchObject({ status: 'published', attempts: 2, options: { subreddit: 'videos' } });
    expect(done.url).toContain('/r/videos/comments/');
    // Reddit's post title is the caption.
    const { items } = await control.published(emulator);
    expect(items.filter((item) => item.platform === 'reddit' && item.title === caption)).toHaveLength(1);
  });

  it('starts over when the first version may be on the platform but is not: TikTok gets the corrected text', async () => {
    const upload = await uploadVideo(server, who.token, {
      file: mediaFixtures().bigVideo,
      projectId: who.projectId,
      title: 'Ferry',
    });
    const first = uniqueCaption('First words');
    // TikTok took the text with the upload's init, then refused the upload itself.
    await control.fault(emulator, { platform: 'tiktok', kind: 'reject', step: 'upload', message: 'Chunk refused.' });
    const post = await postNow(upload.body.video.id, {
      platform: 'tiktok',
      caption: first,
      options: { privacyLevel: 'SELF_ONLY' },
    });
    expect(await settled(who, post.id)).toMatchObject({ status: 'failed' });
    expect((await postRow(server, post.id)).journal?.step).toBe('upload');

    const corrected = uniqueCaption('Corrected words');
    const res = await who.as.post(`/api/posts/${post.id}/retry`, { caption: corrected });
    expect(res.status).toBe(200);
    expect(await settled(who, post.id, 40_000)).toMatchObject({ status: 'published', caption: corrected });
    expect(await publishedWith(server, corrected)).toHaveLength(1);
    expect(await publishedWith(server, first)).toEqual([]);
    expect((await postRow(server, post.id)).start_over).toBe(false);
  }, 60_000);

  it('does not post twice when an unconfirmed post did land: the correction is dropped and the post is published', async () => {
    const videoId = await uploadedVideo(server, who, 'Night market');
    const caption = uniqueCaption('Landed');
    // X makes the post but its answer never comes, and X cannot be asked until it is too late.
    await control.fault(emulator, { platform: 'x', kind: 'hang_after', step: 'create', delayMs: 3_000 });
    await control.fault(emulator, { platform: 'x', kind: 'server_error', step: 'tweets', times: 3 });
    const post = await postNow(videoId, { platform: 'x', caption });
    expect(await settled(who, post.id)).toMatchObject({ status: 'unconfirmed' });
    expect(await publishedWith(server, caption)).toHaveLength(1);

    const res = await who.as.post(`/api/posts/${post.id}/retry`, { caption: uniqueCaption('Second thoughts') });
    expect(res.status).toBe(200);
    expect((await postRow(server, post.id)).start_over).toBe(true);
    const done = await settled(who, post.id);
    expect(done).toMatchObject({ status: 'published', attempts: 2 });
    const live = await publishedWith(server, caption);
    expect(live).toHaveLength(1);
    expect(done.platformPostId).toBe(live[0]!.id);
  });

  it('refuses a correction once the platform has taken the post, and still retries it as it is, now or later', async () => {
    const videoId = await uploadedVideo(server, who, 'Quiet bay');
    const caption = uniqueCaption('Processing');
    await control.fault(emulator, { platform: 'reddit', kind: 'processing_failed', step: 'submit' });
    const post = await postNow(videoId, { platform: 'reddit', caption, options: { subreddit: 'test' } });
    expect(await settled(who, post.id)).toMatchObject({ status: 'failed' });
    expect((await postRow(server, post.id)).journal?.step).toBe('result');

    const refused = await who.as.post(`/api/posts/${post.id}/retry`, { caption: 'Another text' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'post_on_platform' } });
    expect(refused.body.error).toMatch(/^Reddit already has this post/);
    expect((await postRow(server, post.id)).caption).toBe(caption);

    const at = new Date(Date.now() + 3_600_000);
    at.setUTCSeconds(0, 0);
    const later = await who.as.post(`/api/posts/${post.id}/retry`, { scheduledAt: at.toISOString() });
    expect(later.status).toBe(200);
    expect(later.body.post).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString(), attempts: 1 });
    const row = await postRow(server, post.id);
    expect(row).toMatchObject({ status: 'scheduled', journal: expect.objectContaining({ step: 'result' }) });
    expect(row.due_at!.toISOString()).toBe(at.toISOString());
  });

  it("checks a correction against the platform's rules, all at once, and leaves the post as it was", async () => {
    const videoId = await uploadedVideo(server, who, 'Long title');
    const post = await postNow(videoId, { platform: 'reddit', options: { subreddit: 'no_such_place' } });
    expect(await settled(who, post.id)).toMatchObject({ status: 'failed' });

    const res = await who.as.post(`/api/posts/${post.id}/retry`, {
      caption: 'x'.repeat(301),
      options: { subreddit: 'r/no spaces' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const fields = res.body.violations.map((v: { field: string }) => v.field).sort();
    expect(fields).toEqual(['caption', 'options.subreddit']);
    expect(await who.as.get(`/api/posts/${post.id}`)).toMatchObject({
      body: { post: { status: 'failed', caption: null, options: { subreddit: 'no_such_place' } } },
    });

    expect(await who.as.post(`/api/posts/${post.id}/retry`, { caption: 7 })).toMatchObject({ status: 400 });
    expect(
      await who.as.post(`/api/posts/${post.id}/retry`, { scheduledAt: at(60), scheduledLocal: '2030-01-01T10:00' }),
    ).toMatchObject({ status: 400 });
    expect(await who.as.post(`/api/posts/${post.id}/retry`, { scheduledAt: at(-10) })).toMatchObject({
      status: 400,
      body: { code: 'scheduled_in_past' },
    });
  });
});

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
