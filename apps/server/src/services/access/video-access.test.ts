import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, insertVideoRow, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/**
 * Teams: a project's videos, as each role meets them (docs/teams.md). The owner's rows stay the owner's; the
 * members reach them through their role, and anyone else learns nothing.
 */
describe("a shared project's videos, by role", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function team() {
    const owner = await registerUser(server);
    const project = await createProject(server, owner.token, { name: 'Agency', initials: 'AG' });
    const asOwner = api(server, owner.token);
    const people = {} as Record<'editor' | 'reviewer' | 'client', ReturnType<typeof api>>;
    for (const role of ['editor', 'reviewer', 'client'] as const) {
      const person = await registerUser(server);
      const added = await asOwner.post(`/api/projects/${project.id}/members`, { email: person.user.email, role });
      expect(added.status).toBe(201);
      people[role] = api(server, person.token);
    }
    await insertVideoRow(server, { userId: owner.user.id, projectId: project.id });
    const videos = (await asOwner.get(`/api/videos?project_id=${project.id}`)).body as { id: number }[];
    const stranger = api(server, (await registerUser(server)).token);
    return { project, asOwner, ...people, stranger, videoId: videos[0]!.id };
  }

  it('lets an editor list, read and change them, and a reviewer read but not change them', async () => {
    const t = await team();
    const listed = await t.editor.get(`/api/videos?project_id=${t.project.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((v: { id: number }) => v.id)).toEqual([t.videoId]);
    const saved = await t.editor.patch(`/api/videos/${t.videoId}`, { title: 'Edited by the editor' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.asOwner.get(`/api/videos/${t.videoId}`)).body.video.title).toBe('Edited by the editor');

    expect((await t.reviewer.get(`/api/videos/${t.videoId}`)).body.video.title).toBe('Edited by the editor');
    const refused = await t.reviewer.patch(`/api/videos/${t.videoId}`, { title: 'Not allowed' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'role_forbidden', error: expect.stringMatching(/reviewer/) });
    expect((await t.reviewer.delete(`/api/videos/${t.videoId}`)).status).toBe(403);
    expect((await t.asOwner.get(`/api/videos/${t.videoId}`)).body.video.title).toBe('Edited by the editor');
  });

  it('keeps the library from a client, and every video of the project from a stranger', async () => {
    const t = await team();
    const client = await t.client.get(`/api/videos?project_id=${t.project.id}`);
    expect(client.status).toBe(403);
    expect(client.body.code).toBe('role_forbidden');
    expect((await t.client.get(`/api/videos/${t.videoId}`)).status).toBe(403);
    for (const res of [
      await t.stranger.get(`/api/videos?project_id=${t.project.id}`),
      await t.stranger.get(`/api/videos/${t.videoId}`),
      await t.stranger.patch(`/api/videos/${t.videoId}`, { title: 'Mine' }),
      await t.stranger.delete(`/api/videos/${t.videoId}`),
      await t.stranger.post('/api/videos/bulk-delete', { videoIds: [t.videoId] }),
    ]) {
      expect(res.status).toBe(404);
    }
    // Without project_id a list is the caller's own projects only: the shared one is not in it.
    const own = await t.editor.get('/api/videos');
    expect(own.body.some((v: { id: number }) => v.id === t.videoId)).toBe(false);
    expect((await t.asOwner.get(`/api/videos/${t.videoId}`)).status).toBe(200);
  });

  it('lets an editor delete a video of the project, and a removed editor nothing at all', async () => {
    const t = await team();
    const members = (await t.asOwner.get(`/api/projects/${t.project.id}/members`)).body.members as {
      userId: number;
      role: string;
    }[];
    const editorId = members.find((m) => m.role === 'editor')!.userId;
    expect((await t.asOwner.delete(`/api/projects/${t.project.id}/members/${editorId}`)).status).toBe(200);
    expect((await t.editor.get(`/api/videos/${t.videoId}`)).status).toBe(404);
    expect((await t.editor.delete(`/api/videos/${t.videoId}`)).status).toBe(404);
    const again = await t.asOwner.post(`/api/projects/${t.project.id}/members`, {
      email: (await t.editor.get('/api/auth/me')).body.user.email,
      role: 'editor',
    });
    expect(again.status).toBe(201);
    const deleted = await t.editor.post('/api/videos/bulk-delete', { videoIds: [t.videoId] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await t.asOwner.get(`/api/videos/${t.videoId}`)).status).toBe(404);
  });
});
