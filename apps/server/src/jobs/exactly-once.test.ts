import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitUntil } from '../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { openDatabase, type DB } from '../db/database';
import { defineJob, jobIdFor } from './define-job';
import { JobQueue } from './job-queue';

/** A job whose every run is recorded, sent under a key so that sending it twice cannot queue it twice. */
const countedJobs = {
  'test.counted': defineJob({
    payload: z.object({ n: z.number().int() }),
    queue: { policy: 'standard', retryLimit: 2, expireInSeconds: 60 },
    jobKey: ({ n }) => `counted:${n}`,
  }),
};

const JOBS = 20;

describe('a job sent once', () => {
  let server: TestServer | undefined;
  const queues: JobQueue<typeof countedJobs>[] = [];
  let secondDb: DB | undefined;
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await secondDb?.destroy();
    secondDb = undefined;
    await stopTestServer(server);
    server = undefined;
  });

  it('runs exactly once, with two workers taking from its queue, and sending it again adds nothing', async () => {
    server = await startTestServer();
    const { ctx } = server;
    // On PostgreSQL the second worker has a pool of its own, as another process would; PGlite is one connection.
    secondDb = server.databaseUrl ? (await openDatabase({ url: server.databaseUrl, dir: '' })).db : undefined;
    const runs: { n: number; worker: string }[] = [];
    for (const [worker, db] of [
      ['first', ctx.db],
      ['second', secondDb ?? ctx.db],
    ] as const) {
      const queue = new JobQueue(db, ctx.log, countedJobs, { keepsTime: false });
      queues.push(queue);
      await queue.start();
      await queue.work(ctx, {
        'test.counted': async (_ctx, { n }) => {
          await new Promise((resolve) => setImmediate(resolve));
          runs.push({ n, worker });
        },
      });
    }
    const [first, second] = queues as [JobQueue<typeof countedJobs>, JobQueue<typeof countedJobs>];

    const ids = await Promise.all(Array.from({ length: JOBS }, (_, n) => first.send('test.counted', { n })));
    expect(new Set(ids).size).toBe(JOBS);
    // The same jobs again, from the other process: their keys are taken, so nothing is queued.
    const again = await Promise.all(Array.from({ length: JOBS }, (_, n) => second.send('test.counted', { n })));
    expect(again).toEqual(Array(JOBS).fill(null));

    await waitUntil(async () => {
      const states = await Promise.all(ids.map((id) => first.state('test.counted', id!)));
      return states.every((job) => job?.state === 'completed');
    }, 'every job to complete');
    expect(runs.map(({ n }) => n).sort((a, b) => a - b)).toEqual(Array.from({ length: JOBS }, (_, n) => n));
  });

  it('queued many at once (an import), each runs exactly once, and queueing them again adds nothing', async () => {
    server = await startTestServer();
    const { ctx } = server;
    const queue = new JobQueue(ctx.db, ctx.log, countedJobs, { keepsTime: false });
    queues.push(queue);
    await queue.start();
    const runs: number[] = [];
    await queue.work(ctx, { 'test.counted': async (_ctx, { n }) => void runs.push(n) });

    // More than one statement's worth (1,000), half of them due a moment later.
    const soon = new Date(Date.now() + 300);
    const batch = Array.from({ length: 1_001 }, (_, n) => ({ payload: { n }, startAfter: n % 2 ? soon : undefined }));
    await queue.sendMany('test.counted', batch);
    await queue.sendMany('test.counted', batch.slice(0, 500));
    await waitUntil(() => runs.length >= batch.length, 'every job to run', 120_000);
    const last = jobIdFor('test.counted', `counted:${batch.length - 1}`);
    expect((await queue.state('test.counted', last))?.state).toBe('completed');
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: batch.length }, (_, n) => n));
  }, 180_000);
});
