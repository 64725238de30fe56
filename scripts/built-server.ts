/**
 * The built server (apps/server/dist) as a child process on a loopback port, for the scripts that
 * measure it (`npm run bench`, `npm run bench:lighthouse`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../test-support/postgres-cluster';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

export interface BuiltServer {
  child: ChildProcess;
  url: string;
  /** From spawn to the first 200 from /api/health. */
  startMs: number;
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Starts dist/main.js on `dataDir` (created when missing), with `env` added, and waits until it answers.
 * `logFile`: where its log goes (otherwise nowhere).
 */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
  logFile?: string,
): Promise<BuiltServer> {
  const port = await freePort();
  const started = performance.now();
  const log = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', log, 'inherit'],
  });
  if (typeof log === 'number') fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  return { child, url, startMs: performance.now() - started };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
