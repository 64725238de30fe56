import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('readiness (GET /api/ready) beside liveness (GET /api/health)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('is ready when the database, storage and job queue answer', async () => {
    const res = await fetch(`${server.url}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { db: 'ok', storage: 'ok', jobs: 'ok' } });
  });

  it('says which dependency is missing with a 503, while the process still answers as alive', async () => {
    // The media storage gone (a volume not mounted), then the job queue stopped.
    fs.rmSync(server.ctx.config.mediaDir, { recursive: true, force: true });
    const noStorage = await fetch(`${server.url}/api/ready`);
    expect(noStorage.status).toBe(503);
    expect(await noStorage.json()).toEqual({
      status: 'not_ready',
      checks: { db: 'ok', storage: 'failed', jobs: 'ok' },
    });
    const alive = await fetch(`${server.url}/api/health`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toMatchObject({ status: 'ok', db: 'ok' });

    await server.ctx.jobs.stop();
    const noJobs = await fetch(`${server.url}/api/ready`);
    expect(noJobs.status).toBe(503);
    expect(await noJobs.json()).toEqual({
      status: 'not_ready',
      checks: { db: 'ok', storage: 'failed', jobs: 'failed' },
    });
  });
});
