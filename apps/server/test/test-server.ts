import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../src/config/env';
import { startServer, type RunningServer } from '../src/server';
import { installOpenApiCheck, unwatchServer, watchServer } from './openapi-check';

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
 * An embedded database for a new data dir: a copy of the migrated, empty one that
 * pglite-template.global-setup.ts made, since creating a PGlite cluster is most of a server's start-up
 * time. What the copy skips (creating the cluster, running every migration on it) happens in the tests
 * that pass `createDatabase`, in the end-to-end run's first start and in every real first start.
 */
function seedEmbeddedDatabase(dbDir: string) {
  if (fs.existsSync(dbDir)) return;
  fs.cpSync(inject('pgliteTemplate'), dbDir, { recursive: true });
}

/**
 * A real server on a free loopback port, on the database this test project runs against
 * (TEST_DB=postgres → the cluster from the global setup; otherwise embedded PGlite).
 * `createDatabase`: make a new embedded database from nothing, as a first start does, instead of copying the
 * template.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl?: string },
  { createDatabase = false } = {},
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
    // Sandbox platforms talk to an emulator of this server's own, on a free loopback port.
    EMULATOR_PORT: '0',
    // Copies are real ffmpeg renders; x264's fastest preset makes the same steps, sizes and codecs for a fraction
    // of the CPU, which the other test files running beside them share (render-fit.test.ts checks the presets).
    RENDER_PRESET: 'ultrafast',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  if (!config.databaseUrl && !createDatabase) seedEmbeddedDatabase(config.dbDir);
  const server = await startServer(config);
  // Every answer of this server that a test receives is checked against the OpenAPI document it publishes.
  installOpenApiCheck();
  try {
    await watchServer(server.url);
  } catch (err) {
    await server.close();
    throw err;
  }
  return {
    ...server,
    dataDir,
    databaseUrl,
    close: async () => {
      unwatchServer(server.url);
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
