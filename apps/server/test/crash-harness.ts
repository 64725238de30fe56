// Servers that can be killed: the built server in processes of its own, beside a platform emulator that
// outlives them, on the embedded database (one ROLE=all process) or on PostgreSQL (ROLE=api + ROLE=worker).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlatformKey } from '@fanout/contracts';
import { inject } from 'vitest';
import { resolveBinaries } from '../src/media/binaries';
import { connectAccount } from './connections';
import { startTestEmulator, type TestEmulator } from './emulator';
import { freePort, spawnServer, type ServerProcess } from './server-process';
import { freshDatabaseUrl, makeTempDir, type TestServer } from './test-server';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The server bundled as `npm run build` bundles it (apps/server/build.mjs), from the sources as they are now,
 * into a folder of its own beside dist/ (where its npm packages resolve): a process starts from it in a
 * fraction of the time tsx takes, and never runs a stale build.
 */
export async function bundleServer(): Promise<{ entry: string; remove(): void }> {
  const serverDir = path.join(repoRoot, 'apps/server');
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const dir = fs.mkdtempSync(path.join(serverDir, 'dist', 'test-bundle-'));
  const entry = path.join(dir, 'main.js');
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
      (n) => !n.startsWith('@fanout/'),
    ),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return { entry, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The platforms' options a post needs beyond its caption (TikTok never gets a silent privacy default). */
export const POST_OPTIONS: Record<PlatformKey, Record<string, unknown>> = {
  tiktok: { privacyLevel: 'SELF_ONLY' },
  instagram: {},
  facebook: { kind: 'reel' },
  youtube: { privacy: 'unlisted' },
  x: {},
  reddit: { subreddit: 'sandbox' },
};

export interface KillableServer {
  /** Where the HTTP API answers (the same address across restarts). */
  url: string;
  emulator: TestEmulator;
  dataDir: string;
  databaseUrl?: string;
  /** `embedded`: one ROLE=all process is killed; `postgres`: the ROLE=worker process, while ROLE=api stays up. */
  kind: 'embedded' | 'postgres';
  /** SIGKILLs the process that runs the jobs and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same data directory and database, and waits until it is up. */
  restart(): Promise<void>;
  kills: number;
  /** What the server processes wrote, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

/**
 * The built server on the database this test project runs against, with sandbox platforms served by an
 * emulator of the test's own (it outlives every kill). `env` adds settings (PUBLISH_LEASE_SECONDS …).
 */
export async function startKillableServer(env: Record<string, string> = {}): Promise<KillableServer> {
  const emulator = await startTestEmulator();
  const dataDir = makeTempDir('fanout-crash-');
  const databaseUrl = await freshDatabaseUrl();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bundle = await bundleServer();
  const shared: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    EMULATOR_URL: emulator.url,
    // Several processes share one database: one key for all of them.
    SECRET_KEY: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
  if (!databaseUrl) fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });

  const logs: string[] = [];
  const spawned: ServerProcess[] = [];
  const spawnRole = (role: 'all' | 'api' | 'worker') => {
    const child = spawnServer({ ...shared, ROLE: role }, { bundle: bundle.entry });
    spawned.push(child);
    return child;
  };
  const up = async (child: ServerProcess, role: string) => {
    if (role === 'worker') return child.logged('Fanout worker is up (no HTTP)');
    await child.logged('Fanout is up');
  };

  let api: ServerProcess | undefined;
  let jobs: ServerProcess;
  if (databaseUrl) {
    api = spawnRole('api');
    await up(api, 'api');
    jobs = spawnRole('worker');
    await up(jobs, 'worker');
  } else {
    jobs = spawnRole('all');
    await up(jobs, 'all');
  }
  const jobsRole = databaseUrl ? 'worker' : 'all';

  const server: KillableServer = {
    url,
    emulator,
    dataDir,
    databaseUrl,
    kind: databaseUrl ? 'postgres' : 'embedded',
    kills: 0,
    async kill() {
      if (jobs.child.exitCode === null && jobs.child.signalCode === null) {
        jobs.child.kill('SIGKILL');
        await jobs.exited;
      }
      logs.push(jobs.output());
      server.kills += 1;
    },
    async restart() {
      jobs = spawnRole(jobsRole);
      await up(jobs, jobsRole);
    },
    output: () => [...logs, api?.output() ?? '', jobs.output()].join('\n--- next process ---\n'),
    async close() {
      for (const child of spawned) {
        if (child.child.exitCode !== null || child.child.signalCode !== null) continue;
        child.child.kill('SIGTERM');
        const stopped = await Promise.race([child.exited.then(() => true), sleep(10_000).then(() => false)]);
        if (!stopped) child.child.kill('SIGKILL');
      }
      await emulator.stop();
      bundle.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Connects the sandbox account of each platform to a project, as a person does on the Accounts screen. */
export async function connectPlatforms(
  server: { url: string },
  token: string,
  projectId: number,
  platforms: readonly PlatformKey[],
) {
  // The connect flow talks to the server only through its address.
  const target = server as unknown as TestServer;
  for (const platform of platforms) await connectAccount(target, token, platform, projectId);
}

/**
 * A real video every platform takes as it is: 4 s, 540×960 (9:16, a Reel's minimum), 30 fps, H.264 + AAC in
 * MP4, a few tens of KB. Made once per machine by ffmpeg.
 */
export function portraitVideo(): string {
  const file = path.join(os.tmpdir(), 'fanout-portrait-video-v1.mp4');
  if (fs.existsSync(file)) return file;
  const work = `${file}.${process.pid}.${Date.now()}.mp4`;
  execFileSync(
    resolveBinaries({}).ffmpeg,
    [
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=duration=4:size=540x960:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart', work],
    ],
    { stdio: 'pipe' },
  );
  fs.renameSync(work, file);
  return file;
}

/**
 * How many posts went live on the emulator's platforms carrying each marker in their text (the caption, or the
 * title where the platform puts the caption there, as Reddit does).
 */
export async function countPublished(emulator: { url: string }, markers: readonly string[]) {
  const res = await fetch(`${emulator.url}/_control/published`);
  const { items } = (await res.json()) as { items: { caption: string; title: string }[] };
  const counts = new Map(markers.map((m) => [m, 0]));
  for (const item of items)
    for (const marker of markers)
      if (item.caption.includes(marker) || item.title.includes(marker)) counts.set(marker, counts.get(marker)! + 1);
  return counts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
