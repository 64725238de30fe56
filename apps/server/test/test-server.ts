import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../src/config/env';
import { startServer, type RunningServer } from '../src/server';

export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl?: string;
}

let dbCounter = 0;

/** A database of its own for one test server: a new database on the real server, or a new PGlite dir. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  if (process.env.TEST_DB !== 'postgres') return undefined;
  const base = inject('postgresUrl');
  const name = `t_${process.pid}_${Date.now()}_${dbCounter++}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return base.replace(/\/[^/]*$/, `/${name}`);
}

export function makeTempDir(prefix = 'fanout-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A real server on a free loopback port, on the database this test project runs against
 * (TEST_DB=postgres → the cluster from the global setup; otherwise embedded PGlite).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl?: string },
): Promise<TestServer> {
  const dataDir = reuse?.dataDir ?? makeTempDir();
  const databaseUrl = reuse ? reuse.databaseUrl : await freshDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Many sign-ups per test file from one address; the rate-limit test sets its own value.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const server = await startServer(config);
  return {
    ...server,
    dataDir,
    databaseUrl,
    close: async () => {
      await server.close();
    },
  };
}

/** Removes a test server's data dir after closing it. */
export async function stopTestServer(server: TestServer | undefined) {
  if (!server) return;
  await server.close();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
