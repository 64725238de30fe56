import fs from 'node:fs';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const tusHeaders = (token: string) => ({ 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` });

/**
 * Teams: uploads into a shared project (docs/teams.md). An editor's upload is the owner's video and counts
 * against the owner's quota; a reviewer or a client may not upload (403), anyone else learns nothing (404).
 */
describe('uploading into a shared project', () => {
  let fx: MediaFixtures;
  let size: number;
  let server: TestServer;
  let owner: RegisteredUser;
  let projectId: number;
  const people = {} as Record<'editor' | 'reviewer' | 'client' | 'stranger', RegisteredUser>;

  beforeAll(async () => {
    fx = mediaFixtures();
    size = fs.statSync(fx.video).size;
    // Room for two videos and their thumbnails, not for a third.
    server = await startTestServer({ STORAGE_QUOTA_BYTES: String(Math.floor(size * 3.2)) });
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token, { name: 'Agency', initials: 'AG' })).id;
    for (const role of ['editor', 'reviewer', 'client', 'stranger'] as const) {
      people[role] = await registerUser(server);
      if (role === 'stranger') continue;
      const added = await api(server, owner.token).post(`/api/projects/${projectId}/members`, {
        email: people[role].user.email,
        role,
      });
      expect(added.status).toBe(201);
    }
  });
  afterAll(() => stopTestServer(server));

  const used = async (user: RegisteredUser) =>
    (await api(server, user.token).get('/api/used-storage')).body.used_storage as number;

  function createTusUpload(token: string, length: number) {
    return fetch(`${server.url}/api/tus`, {
      method: 'POST',
      headers: {
        ...tusHeaders(token),
        'upload-length': String(length),
        'upload-metadata': `project_id ${Buffer.from(String(projectId)).toString('base64')}`,
      },
    });
  }

  function tusUpload(token: string) {
    return new Promise<{ id: number }>((resolve, reject) => {
      const upload = new tus.Upload(fs.readFileSync(fx.video), {
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

  it("stores an editor's uploads as the owner's videos, against the owner's quota", async () => {
    const byForm = await uploadVideo(server, people.editor.token, {
      file: fx.video,
      projectId,
      title: 'From the editor',
    });
    expect(byForm.status, JSON.stringify(byForm.body)).toBe(201);
    const byTus = await tusUpload(people.editor.token);

    const listed = await api(server, owner.token).get(`/api/videos?project_id=${projectId}`);
    expect(listed.body.map((v: { id: number }) => v.id).sort()).toEqual([byForm.body.video.id, byTus.id].sort());
    expect(await used(owner)).toBeGreaterThan(2 * size);
    expect(await used(people.editor)).toBe(0);

    // The owner's quota is full: a third video is refused to the editor, whose own storage is empty, by
    // either way of uploading (the form's fields after the file too).
    const third = await uploadVideo(server, people.editor.token, { file: fx.video, projectId, fieldsLast: true });
    expect(third.status).toBe(413);
    expect(third.body.code).toBe('quota_exceeded');
    const created = await createTusUpload(people.editor.token, size);
    expect(created.status).toBe(413);
    expect(((await created.json()) as { code: string }).code).toBe('quota_exceeded');
    const check = await api(server, people.editor.token).get(`/api/upload/check?project_id=${projectId}&size=${size}`);
    expect(check.body).toEqual({ sameSize: true, duplicate: null });

    // In a project of their own, the editor's quota is their own.
    const own = (await createProject(server, people.editor.token, { name: 'Mine', initials: 'MI' })).id;
    expect((await uploadVideo(server, people.editor.token, { file: fx.video, projectId: own })).status).toBe(201);
  });

  it('refuses an upload to a reviewer and a client (403), and to anyone else as if the project did not exist', async () => {
    const answers = async (user: RegisteredUser) => {
      const form = await uploadVideo(server, user.token, { file: fx.video, projectId });
      const tusCreated = await createTusUpload(user.token, 1000);
      const check = await api(server, user.token).get(`/api/upload/check?project_id=${projectId}&size=${size}`);
      return [
        [form.status, form.body.code],
        [tusCreated.status, ((await tusCreated.json()) as { code: string }).code],
        [check.status, check.body.code],
      ];
    };
    const forbidden = [403, 'role_forbidden'];
    expect(await answers(people.reviewer)).toEqual([forbidden, forbidden, forbidden]);
    expect(await answers(people.client)).toEqual([forbidden, forbidden, forbidden]);
    const missing = [404, 'not_found'];
    expect(await answers(people.stranger)).toEqual([missing, missing, missing]);
  });
});
