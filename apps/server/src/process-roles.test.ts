import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForJob } from '../test/jobs';
import { freePort, spawnServer, type ServerProcess } from '../test/server-process';
import { freshDatabaseUrl, makeTempDir } from '../test/test-server';
import { ConfigError, loadConfig } from './config/env';
import { startProcess, type RunningProcess } from './server';

const HOUR = 60 * 60_000;
const onPostgres = process.env.TEST_DB === 'postgres';

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
