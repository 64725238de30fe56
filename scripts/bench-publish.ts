/**
 * Publishing under load: 1,000 posts due in the same minute (BENCH_PUBLISH_POSTS), published by the built
 * server (dist) on a fresh DATA_DIR against the platform emulator with its limits on, run by this script so
 * that its control API can be read. Prints: the time from the due minute to the last post published, the
 * lateness of each post's start and of its publication (p50, p99, max), duplicates on the platforms and posts
 * lost (both must be 0). BENCH_PUBLISH_DB: `embedded` (default), `postgres` (a throw-away cluster from
 * /usr/lib/postgresql) or `both`; BENCH_PUBLISH_POSTS=0 skips it. Then at scale (benchPublishScale):
 * BENCH_PUBLISH_SCALE posts (default 10,000; 0 skips) with 1 API + 2 worker processes on PostgreSQL, and
 * again with one worker SIGKILLed mid-run; BENCH_PUBLISH_LOG=<file> keeps the server's log. Run alone: `node --import tsx scripts/bench-publish.ts`; `npm run bench` runs
 * it after the other figures.
 *
 * The sandbox has one account per platform, and some platform limits are per account (Instagram: 100 API
 * posts a day; X: 100 posts and 75 profile reads per 15 minutes; Reddit: 600 requests per 10 minutes) or per app (YouTube: 100
 * uploads a day), so those platforms get at most the share set in bench-publish-setup.ts; TikTok's are per token (6 inits a minute),
 * so its posts are spread over enough projects, each with its own connection; Facebook Pages takes the rest.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmulator, type RunningEmulator } from '@fanout/platform-emulator';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { cpuSeconds, publishTable, waitAndMeasure, type PublishBenchFigures } from './bench-publish-measure';
import { benchPublishScale } from './bench-publish-scale';
import { createDuePosts } from './bench-publish-setup';
import { repoRoot, startBuiltServer, stopChild } from './built-server';

/** The whole run on one database: setup, the posts, the wait, the figures. */
export async function benchPublishOn(
  db: 'embedded' | 'postgres',
  total = Number(process.env.BENCH_PUBLISH_POSTS ?? 1000),
): Promise<PublishBenchFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-publish-'));
  let cluster: PostgresCluster | undefined;
  let emulator: RunningEmulator | undefined;
  let child: Awaited<ReturnType<typeof startBuiltServer>>['child'] | undefined;
  try {
    const setupStarted = performance.now();
    emulator = await startEmulator({ dataDir: path.join(work, 'emulator'), port: 0 });
    if (db === 'postgres') cluster = await startPostgresCluster();
    const server = await startBuiltServer(
      path.join(work, 'data'),
      {
        EMULATOR_URL: emulator.url,
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
        ...(process.env.BENCH_PUBLISH_LOG ? { LOG_LEVEL: 'info' } : {}),
      },
      process.env.BENCH_PUBLISH_LOG,
    );
    child = server.child;
    const base = server.url;
    const made = await createDuePosts(base, work, total);
    const setupMs = performance.now() - setupStarted;
    if (Date.now() >= made.due.getTime()) throw new Error('creating the posts took past their due time');

    const cpuOf = () => cpuSeconds(child!.pid!);
    const figures = await waitAndMeasure({ ...made, base, emulator, total, serverCpu: cpuOf });
    return { db, posts: total, projects: made.projects, perPlatform: made.count, setupMs, ...figures };
  } finally {
    if (child) await stopChild(child);
    await emulator?.close();
    cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Runs the databases BENCH_PUBLISH_DB names and prints the table. */
export async function benchPublish(): Promise<PublishBenchFigures[]> {
  const scale = Number(process.env.BENCH_PUBLISH_SCALE ?? 10_000) > 0;
  if (Number(process.env.BENCH_PUBLISH_POSTS ?? 1000) <= 0 && !scale) return [];
  // The server as the sources are now (a bundle takes a second).
  execFileSync('npm', ['run', 'build', '-w', '@fanout/server'], { cwd: repoRoot, stdio: 'ignore' });
  if (Number(process.env.BENCH_PUBLISH_POSTS ?? 1000) <= 0) return benchPublishScale();
  const which = process.env.BENCH_PUBLISH_DB ?? 'embedded';
  const dbs: ('embedded' | 'postgres')[] = which === 'both' ? ['embedded', 'postgres'] : [which as 'embedded'];
  const runs: PublishBenchFigures[] = [];
  for (const db of dbs) runs.push(await benchPublishOn(db));
  console.log(`\nPublishing: posts due in the same minute, built server, sandbox emulator with its limits on`);
  console.log(publishTable(runs));
  return [...runs, ...(await benchPublishScale())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPublish();
