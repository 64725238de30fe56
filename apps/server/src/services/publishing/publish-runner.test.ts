import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { getPublishingAccount } from '../connections/publishing-account.service';
import { enqueuePublish } from './publish-queue';
import { buildPublishRequest } from './publish-request';
import {
  getPost,
  postRow,
  postToX,
  publishedWith,
  publisher,
  setPostRow,
  settled,
  uniqueCaption,
  uploadedVideo,
} from './publishing-test-support';

describe('the publish runner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('publishes a post that is due once, and shows its link', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who);
    const caption = uniqueCaption('Now');
    const created = await postToX(who, videoId, caption);

    const post = await settled(who, created.id);
    expect(post).toMatchObject({ status: 'published', attempts: 1, error: null, progress: { step: 'published' } });
    const onX = await publishedWith(server, caption);
    expect(onX).toHaveLength(1);
    expect(post.url).toBe(onX[0]!.url);
    expect(post.platformPostId).toBe(onX[0]!.id);
    const page = await fetch(post.url!);
    expect(page.status).toBe(200);
    await page.arrayBuffer();

    // Queued again for the same time, or any later one: nothing more is sent.
    await enqueuePublish(server.ctx, created.id, new Date(created.scheduledAt));
    await enqueuePublish(server.ctx, created.id, new Date());
    const again = await server.ctx.jobs.send('posts.sweep', {});
    await waitUntil(async () => (await server.ctx.jobs.state('posts.sweep', again!))?.state === 'completed', 'sweep');
    expect(await publishedWith(server, caption)).toHaveLength(1);
    expect((await getPost(who, created.id)).attempts).toBe(1);
  });

  it('starts a scheduled post at its time, not before', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who);
    const at = new Date(Date.now() + 3_000);
    const created = await postToX(who, videoId, uniqueCaption('At a time'), at);
    expect(created.status).toBe('scheduled');

    const post = await settled(who, created.id);
    expect(post.status).toBe('published');
    const lateness = Date.parse(post.startedAt!) - at.getTime();
    console.info(`[publish-runner] due-time lateness: ${lateness} ms (${process.env.TEST_DB})`);
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(2_000);
  });

  it('publishes one post of a connection at a time', async () => {
    const who = await publisher(server);
    const videos = [];
    for (let i = 0; i < 3; i++) videos.push(await uploadedVideo(server, who, `Clip ${i}`));
    const captions = videos.map((_, i) => uniqueCaption(`One at a time ${i}`));
    const created = await Promise.all(videos.map((id, i) => postToX(who, id, captions[i]!)));

    const posts = await Promise.all(created.map((p) => settled(who, p.id, 30_000)));
    expect(posts.map((p) => p.status)).toEqual(['published', 'published', 'published']);
    const spans = posts
      .map((p) => ({ from: Date.parse(p.startedAt!), to: Date.parse(p.publishedAt!) }))
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.from).toBeGreaterThanOrEqual(spans[i - 1]!.to);
    for (const caption of captions) expect(await publishedWith(server, caption)).toHaveLength(1);
  });

  it('either cancels or publishes a post cancelled or moved right at its time, never both', async () => {
    // Each post on an account of its own, so that none waits for another's turn.
    const posts = [];
    for (let i = 0; i < 4; i++) {
      const who = await publisher(server);
      posts.push({ who, videoId: await uploadedVideo(server, who), caption: uniqueCaption(`Race ${i}`) });
    }
    const at = new Date(Date.now() + 2_000);
    const created = await Promise.all(posts.map((p) => postToX(p.who, p.videoId, p.caption, at)));

    await waitUntil(() => Date.now() >= at.getTime(), 'the posts to fall due', 5_000);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const answers = await Promise.all(
      posts.map((p, i) =>
        i % 2 === 0
          ? p.who.as.delete(`/api/posts/${created[i]!.id}`)
          : p.who.as.patch(`/api/posts/${created[i]!.id}`, { scheduledAt: later }),
      ),
    );
    const outcomes = [];
    for (const [i, answer] of answers.entries()) {
      expect([200, 409]).toContain(answer.status);
      const changed = answer.status === 200;
      const post = changed
        ? await getPost(posts[i]!.who, created[i]!.id)
        : await settled(posts[i]!.who, created[i]!.id);
      outcomes.push({ i, changed, status: post.status });
      if (changed) expect(post.status).toBe(i % 2 === 0 ? 'cancelled' : 'scheduled');
      else expect(post.status).toBe('published');
    }
    for (const { i, changed } of outcomes) {
      expect(await publishedWith(server, posts[i]!.caption), `post ${i}`).toHaveLength(changed ? 0 : 1);
    }
    console.info(`[publish-runner] race at the due time: ${JSON.stringify(outcomes.map((o) => o.status))}`);
  });

  it('takes over a post whose run died after its create landed, without creating it again', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who);
    const caption = uniqueCaption('Landed');
    const created = await postToX(who, videoId, caption, new Date(Date.now() + 3_600_000));

    // What a run did before it died: every step up to the create, and the create itself, whose answer was
    // never committed (the journal still stands at `create`).
    const row = await postRow(server, created.id);
    const video = (await findVideoOfUser(server.ctx.db, videoId, row.user_id))!;
    const { adapter, account } = await getPublishingAccount(server.ctx, who.connectionId);
    const request = buildPublishRequest(server.ctx, video, account, {
      title: video.title,
      caption,
      tags: [],
      options: {},
    });
    let step = await adapter.publishStep(request, null);
    while (!step.done && step.journal.step !== 'create') {
      await new Promise((resolve) => setTimeout(resolve, Math.min(step.done ? 0 : (step.waitMs ?? 0), 1_100)));
      step = await adapter.publishStep(request, step.journal);
    }
    if (step.done) throw new Error('the flow ended before its create step');
    const journal = step.journal;
    const landed = await adapter.publishStep(request, journal);
    expect(landed.done).toBe(true);
    expect(await publishedWith(server, caption)).toHaveLength(1);

    await setPostRow(server, created.id, {
      status: 'publishing',
      lease_owner: 'a-run-that-died',
      due_at: new Date(Date.now() - 1_000),
      started_at: new Date(Date.now() - 60_000),
      attempts: 1,
      journal,
    });
    await enqueuePublish(server.ctx, created.id, new Date());

    const post = await settled(who, created.id);
    expect(post).toMatchObject({ status: 'published', attempts: 1 });
    const onX = await publishedWith(server, caption);
    expect(onX).toHaveLength(1);
    expect(post.url).toBe(onX[0]!.url);
    expect((await control.published(sandboxEmulator(server))).items.filter((i) => i.caption === caption)).toHaveLength(
      1,
    );
  });
});
