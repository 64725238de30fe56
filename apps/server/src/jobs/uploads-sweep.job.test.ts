import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForJob } from '../../test/jobs';
import {
  freshDatabaseUrl,
  makeTempDir,
  startTestServer,
  stopTestServer,
  type TestServer,
} from '../../test/test-server';

const HOUR = 60 * 60_000;

/** A file in DATA_DIR/tmp as an interrupted upload leaves it, last written `ageMs` ago. */
function leaveTempFile(dataDir: string, name: string, ageMs: number): string {
  const file = path.join(dataDir, 'tmp', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(1024));
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
  return file;
}

describe('the uploads.sweep job', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await stopTestServer(server);
    server = undefined;
  });

  it('runs as the server starts, and again whenever it is sent, removing only stale temp files', async () => {
    const dataDir = makeTempDir();
    const leftAtStart = leaveTempFile(dataDir, '0123456789abcdef0123456789abcdef.upload', 2 * HOUR);
    server = await startTestServer({}, { dataDir, databaseUrl: await freshDatabaseUrl() });
    expect(fs.existsSync(leftAtStart)).toBe(false);

    const stale = leaveTempFile(dataDir, 'fedcba9876543210fedcba9876543210.upload', 3 * HOUR);
    const young = leaveTempFile(dataDir, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.upload', 1000);
    const id = await server.ctx.jobs.send('uploads.sweep', {});
    expect(id).toEqual(expect.any(String));
    const job = await waitForJob(server.ctx.jobs, 'uploads.sweep', id!);

    expect(job).toEqual({ state: 'completed', output: { removed: 1 } });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
  });

  it('is on pg-boss’s clock hourly, beside the five-minute connection refresh and metrics sync and the minutely post sweep, rules dispatch and renditions sweep', async () => {
    server = await startTestServer();
    const schedules = await server.ctx.jobs.schedules();
    expect(schedules).toEqual([
      { name: 'analytics.sync-due', cron: '*/5 * * * *', timezone: 'UTC' },
      { name: 'connections.refresh-due', cron: '*/5 * * * *', timezone: 'UTC' },
      { name: 'posts.sweep', cron: '* * * * *', timezone: 'UTC' },
      { name: 'renditions.sweep', cron: '* * * * *', timezone: 'UTC' },
      { name: 'rules.dispatch', cron: '* * * * *', timezone: 'UTC' },
      { name: 'uploads.sweep', cron: '0 * * * *', timezone: 'UTC' },
    ]);
  });
});
