import fs from 'node:fs';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, storedFiles, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** The whole file through tus-js-client, as the web app sends it; resolves with the finished video. */
function tusUpload(server: TestServer, token: string, file: string, meta: Record<string, string>) {
  return new Promise<{ status: number; video: { id: number; duplicateOf?: number | null } }>((resolve, reject) => {
    const upload = new tus.Upload(fs.readFileSync(file), {
      endpoint: `${server.url}/api/tus`,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: 'video.mp4', filetype: 'video/mp4', ...meta },
      retryDelays: null,
      onSuccess: ({ lastResponse }) =>
        resolve({ status: lastResponse.getStatus(), video: JSON.parse(lastResponse.getBody()).video }),
      onError: reject,
    });
    upload.start();
  });
}

describe('duplicate uploads (same content in the same project)', () => {
  let server: TestServer;
  let fx: MediaFixtures;
  let owner: RegisteredUser;
  let projectId: number;
  let firstId: number;

  beforeAll(async () => {
    fx = mediaFixtures();
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
    const first = await uploadVideo(server, owner.token, { file: fx.video, projectId, allowDuplicate: false });
    expect(first.status).toBe(201);
    expect(first.body.video.duplicateOf).toBeNull();
    firstId = first.body.video.id;
  });
  afterAll(() => stopTestServer(server));

  it('refuses POST /api/upload of a file already in the project with 409 and the first copy, keeping nothing', async () => {
    const client = api(server, owner.token);
    const filesBefore = storedFiles(server).sort();
    const usedBefore = (await client.get('/api/used-storage')).body.used_storage;

    const again = await uploadVideo(server, owner.token, { file: fx.video, projectId, allowDuplicate: false });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: expect.any(String), code: 'duplicate_video', videoId: firstId });

    expect(storedFiles(server).sort()).toEqual(filesBefore);
    expect((await client.get('/api/used-storage')).body.used_storage).toBe(usedBefore);
    const list = await client.get(`/api/videos?project_id=${projectId}`);
    expect(list.body.map((v: { id: number }) => v.id)).toEqual([firstId]);
  });

  it('keeps both with allow_duplicate=true, and a file of another project or person is no duplicate', async () => {
    const kept = await uploadVideo(server, owner.token, { file: fx.video, projectId });
    expect(kept.status).toBe(201);
    expect(kept.body.video.duplicateOf).toBeNull();

    const other = await createProject(server, owner.token, { name: 'Other' });
    const elsewhere = await uploadVideo(server, owner.token, {
      file: fx.video,
      projectId: other.id,
      allowDuplicate: false,
    });
    expect(elsewhere.status).toBe(201);

    const stranger = await registerUser(server);
    const theirs = await createProject(server, stranger.token);
    const res = await uploadVideo(server, stranger.token, {
      file: fx.video,
      projectId: theirs.id,
      allowDuplicate: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.video.duplicateOf).toBeNull();
  });

  it('finishes a resumable upload of the same file as tus requires, its video marked duplicateOf the first', async () => {
    const marked = await tusUpload(server, owner.token, fx.video, { project_id: String(projectId) });
    expect(marked.status).toBe(200);
    expect(marked.video.duplicateOf).toBe(firstId);
    const read = await api(server, owner.token).get(`/api/videos/${marked.video.id}`);
    expect(read.body.video.duplicateOf).toBe(firstId);

    const allowed = await tusUpload(server, owner.token, fx.video, {
      project_id: String(projectId),
      allow_duplicate: 'true',
    });
    expect(allowed.video.duplicateOf).toBeNull();

    // Deleting the first copy leaves the marked one standing, no longer pointing anywhere.
    expect((await api(server, owner.token).delete(`/api/videos/${firstId}`)).status).toBe(200);
    expect((await api(server, owner.token).get(`/api/videos/${marked.video.id}`)).body.video.duplicateOf).toBeNull();
  });

  it('refuses a malformed allow_duplicate value', async () => {
    const form = new FormData();
    form.append('project_id', String(projectId));
    form.append('allow_duplicate', 'yes');
    form.append('video', new Blob([fs.readFileSync(fx.video)], { type: 'video/mp4' }), 'video.mp4');
    const res = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('validation_failed');
  });
});
