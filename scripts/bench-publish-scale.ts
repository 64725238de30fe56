/**
 * Publishing at scale: BENCH_PUBLISH_SCALE posts with 1 API and 2 worker processes on a throw-away PostgreSQL,
 * then the same with one worker SIGKILLed; writes docs/benchmarks-publishing.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '@fanout/platform-emulator';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { cpuSeconds, publishTable, waitAndMeasure, type PublishBenchFigures } from './bench-publish-measure';
import { createDuePosts } from './bench-publish-setup';
import { benchDoc } from './bench-support';
import { repoRoot, serverMain, startBuiltServer, stopChild } from './built-server';

/** A worker process (ROLE=worker) of the built server; resolves once it says it is up. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, ...env, ROLE: 'worker', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes('"msg":"Fanout worker is up')) resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was up`)));
  });
  // Its log is read no further, only drained.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return child;
}

/**
 * Scaling out: `total` posts due in the same minute on a throw-away PostgreSQL, made through one API process
 * (ROLE=api) and published by two worker processes (ROLE=worker) of the built server, sharing one DATA_DIR as
 * one volume; with `kill`, the first worker is SIGKILLed once a quarter of the posts are live, and not
 * started again: the other must finish. PUBLISH_LEASE_SECONDS=30: the dead worker's posts are taken over once
 * their lease runs out (the default is 120 s).
 */
export async function benchPublishScaleOn(total: number, kill: boolean): Promise<PublishBenchFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-scale-'));
  let cluster: PostgresCluster | undefined;
  let emulator: RunningEmulator | undefined;
  const children: ChildProcess[] = [];
  const lastCpu = new Map<ChildProcess, number>();
  const serverCpu = () =>
    children.reduce((sum, child) => {
      try {
        lastCpu.set(child, cpuSeconds(child.pid!));
      } catch {
        // Gone (killed): what it used until then.
      }
      return sum + (lastCpu.get(child) ?? 0);
    }, 0);
  try {
    const setupStarted = performance.now();
    emulator = await startEmulator({ dataDir: path.join(work, 'emulator'), port: 0 });
    cluster = await startPostgresCluster();
    const env = {
      EMULATOR_URL: emulator.url,
      DATABASE_URL: cluster.url,
      SECRET_KEY: randomBytes(32).toString('hex'),
      PUBLISH_LEASE_SECONDS: '30',
    };
    const dataDir = path.join(work, 'data');
    const api = await startBuiltServer(dataDir, { ...env, ROLE: 'api' }, process.env.BENCH_PUBLISH_LOG);
    children.push(api.child);
    for (let i = 0; i < 2; i++) children.push(await startWorkerProcess({ ...env, DATA_DIR: dataDir }));
    const workers = children.slice(1);
    const base = api.url;
    const copies = { databaseUrl: cluster.url, mediaDir: path.join(dataDir, 'media') };
    const made = await createDuePosts(base, work, total, 4, copies);
    const setupMs = performance.now() - setupStarted;
    if (Date.now() >= made.due.getTime()) throw new Error('creating the posts took past their due time');

    let killedAt: number | undefined;
    const figures = await waitAndMeasure({
      ...made,
      base,
      emulator,
      total,
      serverCpu,
      onProgress: async (published) => {
        if (!kill || killedAt !== undefined || published < total / 4) return;
        killedAt = published;
        const victim = workers[0]!;
        lastCpu.set(victim, cpuSeconds(victim.pid!));
        const gone = new Promise((resolve) => victim.once('exit', resolve));
        victim.kill('SIGKILL');
        await gone;
      },
    });
    const label = kill ? `2 workers, 1 killed at ${killedAt ?? '-'}` : 'PostgreSQL, 2 workers';
    return { db: label, posts: total, projects: made.projects, perPlatform: made.count, setupMs, ...figures };
  } finally {
    for (const child of children) await stopChild(child);
    await emulator?.close();
    cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * BENCH_PUBLISH_SCALE posts (default 10,000; 0 skips) with 1 API and 2 worker processes on PostgreSQL, then
 * the same with one worker killed mid-run. Prints the table and returns the figures.
 */
export async function benchPublishScale(): Promise<PublishBenchFigures[]> {
  const total = Number(process.env.BENCH_PUBLISH_SCALE ?? 10_000);
  if (!(total > 0)) return [];
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!;
  const runs: PublishBenchFigures[] = [];
  for (const kill of [false, true]) {
    runs.push(await benchPublishScaleOn(total, kill));
    // Each run as it ends: the pair takes a while.
    console.log(JSON.stringify(runs.at(-1)));
  }
  const table = scaleTable(total, runs);
  console.log(table);
  if (process.env.BENCH_WRITE_DOC !== '0') writeScaleDoc(table, runs, startedAt, loadAtStart);
  return runs;
}

export function scaleTable(total: number, runs: PublishBenchFigures[]): string {
  const title = `Publishing at scale: ${total} posts due in the same minute, 1 API + 2 worker processes, PostgreSQL`;
  return `\n${title}\n${publishTable(runs)}`;
}

/** docs/benchmarks-publishing.md: the table, then each run's figures as JSON. */
export function writeScaleDoc(table: string, runs: PublishBenchFigures[], startedAt: Date, loadAtStart: number) {
  const doc = benchDoc({
    title: 'Benchmarks: publishing at scale',
    about: [
      'Written by `scripts/bench-publish.ts` (also run by `npm run bench`) at the end of its last run at scale.',
      "Posts are made through the API (projects, connections through each platform's consent page, posts); the",
      'videos are copies of one uploaded video (its row and hard links to its files), as uploading thousands is',
      "not what this measures. The emulator runs in the bench's own process, on the same 2 cores, with its limits on.",
    ],
    command: `BENCH_PUBLISH_POSTS=0 BENCH_PUBLISH_SCALE=${runs[0]?.posts ?? 0} node --import tsx scripts/bench-publish.ts`,
    startedAt,
    loadAtStart,
    lines: [...table.split('\n'), '', ...runs.map((r) => JSON.stringify(r))],
  });
  fs.writeFileSync(path.join(repoRoot, 'docs/benchmarks-publishing.md'), doc);
}
