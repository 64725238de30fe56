import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob, waitUntil } from '../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import {
  postToX,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
} from '../services/publishing/publishing-test-support';

describe('the analytics.sync-due job', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const runJob = async () => {
    const id = await server.ctx.jobs.send('analytics.sync-due', {});
    expect(id).toEqual(expect.any(String));
    return waitForJob(server.ctx.jobs, 'analytics.sync-due', id!);
  };
  const samples = (postId: number) =>
    server.ctx.db
      .selectFrom('post_metric_samples')
      .select(['views', 'likes', 'synced_at'])
      .where('post_id', '=', postId)
      .orderBy('id')
      .execute();
  const syncState = (postId: number) =>
    server.ctx.db.selectFrom('post_metric_syncs').selectAll().where('post_id', '=', postId).executeTakeFirstOrThrow();

  it('stores a growing series of a published post read from the emulator, then waits as the post’s age says', async () => {
    const owner = await publisher(server);
    const videoId = await uploadedVideo(server, owner);
    const post = await settled(owner, (await postToX(owner, videoId, uniqueCaption('Series'))).id);
    expect(post.status).toBe('published');

    // Its first figures are read 15 minutes after it went out, not while they are still 0.
    expect(await runJob()).toMatchObject({ state: 'completed', output: { synced: 0, failed: 0 } });
    await server.ctx.db
      .updateTable('posts')
      .set({ published_at: new Date(Date.now() - 16 * 60_000) })
      .where('id', '=', post.id)
      .execute();
    expect(await runJob()).toMatchObject({ state: 'completed', output: { synced: 1, failed: 0 } });
    const first = await samples(post.id);
    expect(first).toHaveLength(1);
    // A post less than a day old is read again in 15 minutes: a run before then leaves it alone.
    const state = await syncState(post.id);
    expect(state.next_sync_at.getTime() - state.last_attempt_at.getTime()).toBe(15 * 60_000);
    expect(state.failure).toBeNull();
    expect(await runJob()).toMatchObject({ output: { synced: 0, failed: 0 } });
    expect(await samples(post.id)).toHaveLength(1);

    // Once due again, each run adds a sample; the emulator's figures grow with the post's age.
    await waitUntil(async () => {
      await server.ctx.db
        .updateTable('post_metric_syncs')
        .set({ next_sync_at: new Date() })
        .where('post_id', '=', post.id)
        .execute();
      expect(await runJob()).toMatchObject({ output: { synced: 1, failed: 0 } });
      const series = await samples(post.id);
      return series.at(-1)!.views! > first[0]!.views!;
    }, 'the views to grow');
    const series = await samples(post.id);
    expect(series.length).toBeGreaterThan(1);
    for (let i = 1; i < series.length; i++) {
      expect(series[i]!.views!).toBeGreaterThanOrEqual(series[i - 1]!.views!);
      expect(series[i]!.synced_at.getTime()).toBeGreaterThan(series[i - 1]!.synced_at.getTime());
    }
    // The video's views follow the latest sample.
    expect((await owner.as.get(`/api/videos/${videoId}`)).body.video.views).toBe(series.at(-1)!.views);
  });
});
