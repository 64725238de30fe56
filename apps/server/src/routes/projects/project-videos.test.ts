import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, insertVideoRow, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('projects and their videos', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const mediaFile = (name: string) => path.join(server.ctx.config.mediaDir, name);

  it('counts the videos of each project', async () => {
    const { token, user } = await registerUser(server);
    const a = await createProject(server, token, { name: 'A', initials: 'A' });
    const b = await createProject(server, token, { name: 'B', initials: 'B' });
    for (let i = 0; i < 3; i++) await insertVideoRow(server, { userId: user.id, projectId: a.id });
    await insertVideoRow(server, { userId: user.id, projectId: b.id });
    const list = await api(server, token).get('/api/projects');
    const counts = Object.fromEntries(
      list.body.map((p: { name: string; video_count: number }) => [p.name, p.video_count]),
    );
    expect(counts).toEqual({ 'My Project': 0, A: 3, B: 1 });
    const patched = await api(server, token).patch(`/api/projects/${a.id}`, { name: 'A2' });
    expect(patched.body.video_count).toBe(3);
  });

  it("deletes a project's videos and their files, and nothing of other projects", async () => {
    const { token, user } = await registerUser(server);
    const doomed = await createProject(server, token, { name: 'Doomed', initials: 'DO' });
    const kept = await createProject(server, token, { name: 'Kept', initials: 'KE' });
    const thumb = `thumb-${doomed.id}-${Date.now()}.jpg`;
    const doomedFiles = [
      await insertVideoRow(server, { userId: user.id, projectId: doomed.id }, { thumbnailFilename: thumb }),
      thumb,
    ];
    doomedFiles.push(await insertVideoRow(server, { userId: user.id, projectId: doomed.id }));
    const keptFile = await insertVideoRow(server, { userId: user.id, projectId: kept.id });
    for (const name of [...doomedFiles, keptFile]) fs.writeFileSync(mediaFile(name), 'media bytes');

    expect((await api(server, token).delete(`/api/projects/${doomed.id}`)).status).toBe(200);

    for (const name of doomedFiles) expect(fs.existsSync(mediaFile(name))).toBe(false);
    expect(fs.existsSync(mediaFile(keptFile))).toBe(true);
    const list = await api(server, token).get('/api/projects');
    expect(list.body.find((p: { id: number }) => p.id === kept.id).video_count).toBe(1);
    const left = await server.ctx.db.selectFrom('videos').select('project_id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([{ project_id: kept.id }]);
  });

  it("does not touch another user's project, videos or files", async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const project = await createProject(server, owner.token);
    const file = await insertVideoRow(server, { userId: owner.user.id, projectId: project.id });
    fs.writeFileSync(mediaFile(file), 'media bytes');
    expect((await api(server, stranger.token).delete(`/api/projects/${project.id}`)).status).toBe(404);
    expect(fs.existsSync(mediaFile(file))).toBe(true);
    const list = await api(server, owner.token).get('/api/projects');
    expect(list.body.find((p: { id: number }) => p.id === project.id)).toMatchObject({ video_count: 1 });
  });
});
