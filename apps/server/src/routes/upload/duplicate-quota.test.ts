import { createHash } from 'node:crypto';
import fs from 'node:fs';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, storedFiles, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const tusHeaders = (token: string) => ({ 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` });

/** tus creation of an upload of `length` bytes into the project (no bytes sent). */
function createTusUpload(server: TestServer, token: string, projectId: number, length: number) {
  return fetch(`${server.url}/api/tus`, {
    method: 'POST',
    headers: {
      ...tusHeaders(token),
      'upload-length': String(length),
      'upload-metadata': `project_id ${Buffer.from(String(projectId)).toString('base64')}`,
    },
  });
}

/** The whole file through tus-js-client, as the web app sends it; resolves with the finished video. */
function tusUpload(server: TestServer, token: string, file: string, projectId: number) {
  return new Promise<{ id: number; duplicateOf: number | null }>((resolve, reject) => {
    const upload = new tus.Upload(fs.readFileSync(file), {
      endpoint: `${server.url}/api/tus`,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: 'video.mp4', filetype: 'video/mp4', project_id: String(projectId) },
      retryDelays: null,
      onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody()).video),
      onError: reject,
    });
    upload.start();
  });
}

/** The storage the user has left, as far as a new upload is concerned: the largest tus upload admitted. */
async function roomFor(server: TestServer, user: RegisteredUser, projectId: number, expected: number) {
  const fits = await createTusUpload(server, user.token, projectId, expected);
  const over = await createTusUpload(server, user.token, projectId, expected + 1);
  await fetch(`${server.url}${fits.headers.get('location')}`, { method: 'DELETE', headers: tusHeaders(user.token) });
  return { fits: fits.status, over: over.status };
}

describe('a duplicate never counts against the storage quota', () => {
  let fx: MediaFixtures;
  let size: number;
  beforeAll(() => {
    fx = mediaFixtures();
    size = fs.statSync(fx.video).size;
  });

  describe('a user near the quota', () => {
    let server: TestServer;
    let user: RegisteredUser;
    let projectId: number;
    let firstId: number;
    const used = async () => (await api(server, user.token).get('/api/used-storage')).body.used_storage as number;

    beforeAll(async () => {
      // Room for one video and its thumbnail, not for a second copy.
      server = await startTestServer({ STORAGE_QUOTA_BYTES: String(Math.floor(size * 1.6)) });
      user = await registerUser(server);
      projectId = (await createProject(server, user.token)).id;
      firstId = (await uploadVideo(server, user.token, { file: fx.video, projectId, allowDuplicate: false })).body.video
        .id;
    });
    afterAll(() => stopTestServer(server));

    it('gets the duplicate answer for a copy of a video the project has, not quota_exceeded, and nothing changes', async () => {
      const usedBefore = await used();
      const filesBefore = storedFiles(server).sort();
      const quota = server.ctx.config.storageQuotaBytes;
      expect(quota - usedBefore).toBeLessThan(size);

      const hash = createHash('sha256').update(fs.readFileSync(fx.video)).digest('hex');
      const check = await api(server, user.token).get(
        `/api/upload/check?project_id=${projectId}&size=${size}&sha256=${hash}`,
      );
      expect(check.body.duplicate).toMatchObject({ videoId: firstId });

      const again = await uploadVideo(server, user.token, { file: fx.video, projectId, allowDuplicate: false });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: expect.any(String), code: 'duplicate_video', videoId: firstId });

      expect(await used()).toBe(usedBefore);
      expect(storedFiles(server).sort()).toEqual(filesBefore);
      // No reservation or temp file of the refused copy holds any of the room left.
      expect(await roomFor(server, user, projectId, quota - usedBefore)).toEqual({ fits: 201, over: 413 });
    });

    it('gets quota_exceeded for "Keep both" (a second copy asked for counts) and for a file the project has not got', async () => {
      const usedBefore = await used();
      const kept = await uploadVideo(server, user.token, { file: fx.video, projectId, allowDuplicate: true });
      expect(kept.status).toBe(413);
      expect(kept.body.code).toBe('quota_exceeded');

      const other = await uploadVideo(server, user.token, { file: fx.videoMov, projectId, allowDuplicate: false });
      expect(other.status).toBe(413);
      expect(other.body.code).toBe('quota_exceeded');
      const bigger = await uploadVideo(server, user.token, { file: fx.bigVideo, projectId, allowDuplicate: false });
      expect(bigger.status).toBe(413);
      expect(bigger.body.code).toBe('quota_exceeded');

      expect(await used()).toBe(usedBefore);
      expect(storedFiles(server).filter((file) => file.startsWith('tmp/'))).toEqual([]);
    });
  });

  it('a resumable upload that ends as a copy leaves the room as it was once "Open the first" removes it', async () => {
    const server = await startTestServer({ STORAGE_QUOTA_BYTES: String(size * 4) });
    try {
      const user = await registerUser(server);
      const projectId = (await createProject(server, user.token)).id;
      const first = await uploadVideo(server, user.token, { file: fx.video, projectId, allowDuplicate: false });
      const client = api(server, user.token);
      const usedBefore = (await client.get('/api/used-storage')).body.used_storage as number;

      const copy = await tusUpload(server, user.token, fx.video, projectId);
      expect(copy.duplicateOf).toBe(first.body.video.id);
      expect((await client.delete(`/api/videos/${copy.id}`)).status).toBe(200);

      expect((await client.get('/api/used-storage')).body.used_storage).toBe(usedBefore);
      const room = server.ctx.config.storageQuotaBytes - usedBefore;
      expect(await roomFor(server, user, projectId, room)).toEqual({ fits: 201, over: 413 });
      expect(storedFiles(server).filter((file) => file.startsWith('tmp/'))).toEqual([]);
    } finally {
      await stopTestServer(server);
    }
  });
});
