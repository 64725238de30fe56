import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { openDatabase } from '../../db/database';
import { postsWithDuePublishJob, queueDepths } from '../../repositories/job-queue-stats.repository';
import { takePlatformSlot } from './platform-slots';
import { handOn } from './publish-runner';
import { sweepPosts } from './publish-sweep';
import {
  postRow,
  postToX,
  publishedWith,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
} from './publishing-test-support';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('stopping and starting again', () => {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  afterEach(async () => {
    await first?.close().catch(() => {});
    await stopTestServer(second);
    first = second = undefined;
  });

  it('publishes the posts that fell due while no server ran, and those of a run that died', async () => {
    first = await startTestServer();
    const who = await publisher(first);
    // Another account: a hold on an account keeps that account's other posts waiting (one at a time).
    const other = await publisher(first);
    const dueCaption = uniqueCaption('Due while down');
    const heldCaption = uniqueCaption('Held by a dead run');
    const later = new Date(Date.now() + 3_600_000);
    const fellDue = await postToX(who, await uploadedVideo(first, who), dueCaption, later);
    const held = await postToX(other, await uploadedVideo(first, other), heldCaption, later);
    const { dataDir, databaseUrl } = first;
    await first.close();
    first = undefined;

    // While no server runs: one post's time passes, and the other is left as a run that died with its
    // process leaves it (held, its lease still running for a while).
    const due = new Date(Date.now() - 5_000);
    // On PostgreSQL the restarted server waits for the lease to end: a short one. The embedded database lets it
    // go at once, which a lease of ten minutes shows however slow the machine is.
    const leaseEnd = new Date(Date.now() + (onPostgres ? 8_000 : 600_000));
    const { db } = await openDatabase({ url: databaseUrl, dir: path.join(dataDir, 'db') });
    try {
      await db.updateTable('posts').set({ scheduled_at: due, due_at: due }).where('id', '=', fellDue.id).execute();
      await db
        .updateTable('posts')
        .set({
          status: 'publishing',
          lease_owner: 'a-run-that-died',
          due_at: leaseEnd,
          started_at: new Date(),
          attempts: 1,
        })
        .where('id', '=', held.id)
        .execute();
    } finally {
      await db.destroy();
    }

    const restarting = Date.now();
    second = await startTestServer({}, { dataDir, databaseUrl });
    const again = { ...who, as: api(second, who.token) };
    const published = await settled(again, fellDue.id);
    expect(published).toMatchObject({ status: 'published', attempts: 1 });
    console.info(
      `[publish-sweep] due while down: started ${Date.parse(published.startedAt!) - restarting} ms after the restart began ` +
        `(${process.env.TEST_DB})`,
    );
    expect(await publishedWith(second, dueCaption)).toHaveLength(1);

    const taken = await settled({ ...other, as: api(second, other.token) }, held.id);
    expect(taken).toMatchObject({ status: 'published', attempts: 1 });
    expect(await publishedWith(second, heldCaption)).toHaveLength(1);
    // The embedded database serves one process: a hold found in it at start-up is a dead run's, let go at
    // once. On PostgreSQL another process may be working on it, so it is taken over only once its lease ends.
    if (onPostgres) expect(Date.parse(taken.publishedAt!)).toBeGreaterThanOrEqual(leaseEnd.getTime());
    else expect(Date.parse(taken.publishedAt!)).toBeLessThan(leaseEnd.getTime());
  });

  it('lets go of a post it is publishing when the server stops, and the next start finishes it', async () => {
    first = await startTestServer();
    const who = await publisher(first);
    const caption = uniqueCaption('Interrupted');
    // X keeps the upload processing for as long as this fault is there: the run polls, holding the post.
    await control.fault(sandboxEmulator(first), { platform: 'x', kind: 'slow_processing', step: 'status' });
    const created = await postToX(who, await uploadedVideo(first, who), caption);
    await waitUntil(async () => (await postRow(first!, created.id)).progress.step === 'status', 'processing polls');
    const { dataDir, databaseUrl } = first;
    await first.close();
    first = undefined;

    const { db } = await openDatabase({ url: databaseUrl, dir: path.join(dataDir, 'db') });
    try {
      const row = await db.selectFrom('posts').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'publishing', lease_owner: null, journal: { step: 'status' } });
      expect(row.due_at!.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await db.destroy();
    }

    second = await startTestServer({}, { dataDir, databaseUrl });
    await control.clearFaults(sandboxEmulator(second));
    const done = await settled({ ...who, as: api(second, who.token) }, created.id);
    expect(done).toMatchObject({ status: 'published', attempts: 1 });
    expect(await publishedWith(second, caption)).toHaveLength(1);
  });
});

describe('posts that wait their turn', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await stopTestServer(server);
    server = undefined;
  });

  /** A post of a new account, due a minute ago; its first job stays an hour ahead. */
  const overduePost = async (on: TestServer) => {
    const who = await publisher(on);
    const post = await postToX(
      who,
      await uploadedVideo(on, who),
      uniqueCaption('Waits'),
      new Date(Date.now() + 3_600_000),
    );
    const overdue = new Date(Date.now() - 60_000);
    await on.ctx.db
      .updateTable('posts')
      .set({ scheduled_at: overdue, due_at: overdue })
      .where('id', '=', post.id)
      .execute();
    return post;
  };

  // An API process alone (no worker takes the jobs) needs a shared PostgreSQL, and a SECRET_KEY as every one does.
  const apiKey = randomBytes(32).toString('base64');
  it.skipIf(!onPostgres)(
    'queues one job for an overdue post, not one more each minute while that job waits to be taken',
    async () => {
      // Nobody takes the jobs: the post waits as it does behind thousands due in the same minute.
      server = await startTestServer({ ROLE: 'api', SECRET_KEY: apiKey });
      const post = await overduePost(server);
      const publishDepth = async () => (await queueDepths(server!.ctx.db)).find((q) => q.queue === 'posts.publish');

      expect(await sweepPosts(server.ctx)).toEqual({ queued: 1, released: 0 });
      expect(await sweepPosts(server.ctx)).toEqual({ queued: 0, released: 0 });
      expect(await sweepPosts(server.ctx)).toEqual({ queued: 0, released: 0 });
      // The job of its first time (an hour from now) and the sweep's one, due now.
      expect(await publishDepth()).toMatchObject({ due: 1, scheduled: 1, active: 0 });
      expect(await postsWithDuePublishJob(server.ctx.db, [post.id])).toEqual(new Set([post.id]));
    },
  );

  it.skipIf(!onPostgres)(
    'gives a freed platform slot to the next waiting post that is still due, passing over one that has gone',
    async () => {
      server = await startTestServer({ ROLE: 'api', SECRET_KEY: apiKey, PUBLISH_PLATFORM_CONCURRENCY: '1' });
      const gone = await overduePost(server);
      const waits = await overduePost(server);
      // The only X slot of this process is taken; both posts find it so and wait, the first one longest.
      const giveBack = takePlatformSlot(server.ctx, 'x', 0)!;
      expect(takePlatformSlot(server.ctx, 'x', gone.id)).toBeUndefined();
      expect(takePlatformSlot(server.ctx, 'x', waits.id)).toBeUndefined();
      // Meanwhile the first is published elsewhere (here: cancelled), so it is no longer due.
      await server.ctx.db.updateTable('posts').set({ status: 'cancelled' }).where('id', '=', gone.id).execute();

      giveBack();
      await handOn(server.ctx, 'x', null);
      expect(await postsWithDuePublishJob(server.ctx.db, [gone.id, waits.id])).toEqual(new Set([waits.id]));
    },
  );
});
