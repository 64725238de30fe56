import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForJob } from '../test/jobs';
import { freePort, spawnServer, type ServerProcess } from '../test/server-process';
import { freshDatabaseUrl, makeTempDir, startTestServer, stopTestServer } from '../test/test-server';
import { ConfigError, loadConfig } from './config/env';
import { startProcess, type RunningProcess } from './server';

const HOUR = 60 * 60_000;
const onPostgres = process.env.TEST_DB === 'postgres';
const newKey = () => randomBytes(32).toString('base64');

describe('ROLE=api and ROLE=worker without SECRET_KEY', { timeout: 60_000 }, () => {
  it.each(['api', 'worker'])(
    'ROLE=%s exits with 78 before connecting anywhere, saying how to make a key',
    async (role) => {
      // Where DATABASE_URL points: a listener that counts who connects.
      let connections = 0;
      const database = net.createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => database.listen(0, '127.0.0.1', resolve));
      const { port } = database.address() as net.AddressInfo;
      const dataDir = makeTempDir();
      try {
        const server = spawnServer({
          NODE_ENV: 'test',
          ROLE: role,
          DATA_DIR: dataDir,
          DATABASE_URL: `postgres://fanout:secret@127.0.0.1:${port}/fanout`,
          LOG_LEVEL: 'silent',
        });
        expect(await server.exited).toBe(78);
        expect(server.output()).toMatch(
          new RegExp(`SECRET_KEY: ROLE=${role} needs SECRET_KEY, .* make one with \`openssl rand -base64 48\``),
        );
        expect(connections).toBe(0);
        expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false);
      } finally {
        database.close();
      }
    },
  );
});

// Each starts real processes of its own through tsx: slow on a busy machine.
describe('a process whose key is not the one the database was first started with', { timeout: 120_000 }, () => {
  it('exits with 78 naming SECRET_KEY, and the processes with the first key go on working', async () => {
    const firstKey = newKey();
    const first = await startTestServer({ SECRET_KEY: firstKey });
    const shared = {
      NODE_ENV: 'test',
      DATA_DIR: first.dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      EMULATOR_PORT: '0',
      LOG_LEVEL: 'silent',
      ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}),
    };
    try {
      // The embedded database is one process's: the first server makes way for the second.
      if (!onPostgres) await first.close();
      const other = spawnServer({ ...shared, ROLE: onPostgres ? 'worker' : 'all', SECRET_KEY: newKey() });
      expect(await other.exited).toBe(78);
      expect(other.output()).toMatch(/SECRET_KEY: is not the key this database was first started with/);
      const withFirstKey = onPostgres ? first : await startTestServer({ SECRET_KEY: firstKey }, first);
      expect((await fetch(`${withFirstKey.url}/api/health`)).status).toBe(200);
      if (withFirstKey !== first) await withFirstKey.close();
    } finally {
      await stopTestServer(first);
    }
  });
});

describe.skipIf(onPostgres)('ROLE=api and ROLE=worker without DATABASE_URL', () => {
  it.each(['api', 'worker'])('ROLE=%s is refused before anything is opened', async (role) => {
    const dataDir = makeTempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ROLE: role, LOG_LEVEL: 'silent' });
    const started = startProcess(config);
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(`ROLE=${role} needs DATABASE_URL`);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('makes the server exit with 78 (bad configuration), saying what to set', async () => {
    const server = spawnServer({ NODE_ENV: 'test', ROLE: 'worker', DATA_DIR: makeTempDir(), LOG_LEVEL: 'silent' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toMatch(/ROLE: ROLE=worker needs DATABASE_URL .* use ROLE=all/);
  });
});

describe.runIf(onPostgres)('ROLE=worker beside ROLE=api on PostgreSQL', () => {
  let api: RunningProcess | undefined;
  let worker: ServerProcess | undefined;
  afterEach(async () => {
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
    worker = undefined;
    await api?.close();
    api = undefined;
  });

  it('runs the jobs the API process sends, without listening for HTTP, and stops on SIGTERM', async () => {
    const dataDir = makeTempDir();
    const shared = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: (await freshDatabaseUrl())!,
      HOST: '127.0.0.1',
      EMULATOR_PORT: '0',
      SECRET_KEY: newKey(),
    };
    api = await startProcess(loadConfig({ ...shared, ROLE: 'api', PORT: '0', LOG_LEVEL: 'silent' }));
    expect(api.api?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const port = await freePort();
    worker = spawnServer({ ...shared, ROLE: 'worker', PORT: String(port), LOG_LEVEL: 'info' });
    await worker.logged('Fanout worker is up (no HTTP)');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    // An upload interrupted after both processes started: only a sweep sent now can remove it.
    const stale = path.join(dataDir, 'tmp', '0123456789abcdef0123456789abcdef.upload');
    fs.writeFileSync(stale, Buffer.alloc(1024));
    fs.utimesSync(stale, new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    const id = await api.ctx.jobs.send('uploads.sweep', {});
    expect(await waitForJob(api.ctx.jobs, 'uploads.sweep', id!)).toEqual({
      state: 'completed',
      output: { removed: 1 },
    });
    expect(fs.existsSync(stale)).toBe(false);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});
