import fs from 'node:fs';
import path from 'node:path';
import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('GET /api/used-storage', () => {
  let server: TestServer;
  const QUOTA = 5 * 1024 ** 3;

  beforeAll(async () => {
    server = await startTestServer({ STORAGE_QUOTA_BYTES: String(QUOTA) });
  });
  afterAll(() => stopTestServer(server));

  const bytesOnDisk = (v: Video) =>
    [v.filename, (v.thumbnail ?? '').replace('/uploads/', '')]
      .filter(Boolean)
      .reduce((sum, name) => sum + fs.statSync(path.join(server.ctx.config.mediaDir, name)).size, 0);

  it('counts the bytes of the caller’s videos and thumbnails against the configured quota', async () => {
    const user = await registerUser(server);
    const neighbour = await registerUser(server);
    const client = api(server, user.token);
    expect((await client.get('/api/used-storage')).body).toEqual({ used_storage: 0, total_storage: QUOTA });

    const project = await createProject(server, user.token);
    const file = mediaFixtures().video;
    const a = (await uploadVideo(server, user.token, { file, projectId: project.id })).body.video as Video;
    const b = (await uploadVideo(server, user.token, { file, projectId: project.id })).body.video as Video;
    const neighbourProject = await createProject(server, neighbour.token);
    await uploadVideo(server, neighbour.token, { file, projectId: neighbourProject.id });

    const used = (await client.get('/api/used-storage')).body;
    expect(used).toEqual({ used_storage: bytesOnDisk(a) + bytesOnDisk(b), total_storage: QUOTA });
    expect(used.used_storage).toBeGreaterThan(2 * a.sizeBytes);

    await client.delete(`/api/videos/${a.id}`);
    expect((await client.get('/api/used-storage')).body.used_storage).toBe(bytesOnDisk(b));
  });

  it('requires the Bearer token', async () => {
    const res = await api(server).get('/api/used-storage');
    expect(res.status).toBe(401);
  });
});
