import fs from 'node:fs';
import path from 'node:path';
import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('video calls', () => {
  let server: TestServer;
  let fx: MediaFixtures;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let projectId: number;
  let otherProjectId: number;

  const upload = async (title: string, project = projectId, user = owner): Promise<Video> => {
    const res = await uploadVideo(server, user.token, { file: fx.video, projectId: project, title });
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.video;
  };
  const onDisk = (name: string) => fs.existsSync(path.join(server.ctx.config.mediaDir, name));
  const thumbName = (v: Video) => (v.thumbnail ?? '').replace('/uploads/', '');

  beforeAll(async () => {
    fx = mediaFixtures();
    server = await startTestServer();
    owner = await registerUser(server);
    stranger = await registerUser(server);
    projectId = (await createProject(server, owner.token, { name: 'Main' })).id;
    otherProjectId = (await createProject(server, owner.token, { name: 'Side' })).id;
  });
  afterAll(() => stopTestServer(server));

  it('lists one project newest first, or all of the caller’s videos', async () => {
    const first = await upload('First');
    const second = await upload('Second');
    const side = await upload('Side one', otherProjectId);
    const client = api(server, owner.token);

    const main = await client.get(`/api/videos?project_id=${projectId}`);
    expect(main.status).toBe(200);
    const ids = main.body.map((v: Video) => v.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(side.id);

    const all = await client.get('/api/videos');
    expect(all.body.map((v: Video) => v.id)).toEqual(expect.arrayContaining([first.id, second.id, side.id]));
    expect(all.body[0].id).toBe(side.id);
    expect((await client.get(`/api/videos/${first.id}`)).body.video).toEqual(first);
  });

  it('keeps other people out: 401 without a token, 404 for their projects and videos', async () => {
    const video = await upload('Private');
    expect((await api(server).get(`/api/videos?project_id=${projectId}`)).status).toBe(401);
    expect((await api(server).get(`/api/videos/${video.id}`)).status).toBe(401);

    const other = api(server, stranger.token);
    expect((await other.get(`/api/videos?project_id=${projectId}`)).body).toEqual({
      error: 'Project not found',
      code: 'not_found',
    });
    expect((await other.get('/api/videos')).body).toEqual([]);
    const notFound = { error: 'Video not found', code: 'not_found' };
    for (const res of [
      await other.get(`/api/videos/${video.id}`),
      await other.patch(`/api/videos/${video.id}`, { title: 'Hacked', platforms: ['x'], status: 'ready' }),
      await other.patch(`/api/videos/${video.id}/duration`, { duration: '9:59' }),
      await other.delete(`/api/videos/${video.id}`),
      await other.post('/api/videos/bulk-delete', { videoIds: [video.id] }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    const after = (await api(server, owner.token).get(`/api/videos/${video.id}`)).body.video;
    expect(after).toEqual(video);
    expect(onDisk(video.filename)).toBe(true);
  });

  it('saves details, cleaning tags and platforms, and marks the video ready', async () => {
    const video = await upload('Draft');
    const res = await api(server, owner.token).patch(`/api/videos/${video.id}`, {
      title: '  Final cut  ',
      description: 'Behind the scenes',
      tags: [' travel', 'Travel', '', 'summer ', '  '],
      platforms: ['youtube', 'tiktok', 'youtube'],
      status: 'ready',
    });
    expect(res.status).toBe(200);
    expect(res.body.video).toMatchObject({
      title: 'Final cut',
      description: 'Behind the scenes',
      tags: ['travel', 'summer'],
      platforms: ['youtube', 'tiktok'],
      status: 'ready',
    });
    const again = await api(server, owner.token).get(`/api/videos/${video.id}`);
    expect(again.body.video.status).toBe('ready');
  });

  it('validates details', async () => {
    const video = await upload('Checked');
    const client = api(server, owner.token);
    const patch = (body: unknown) => client.patch(`/api/videos/${video.id}`, body);

    const emptyTitle = await patch({ title: '   ' });
    expect(emptyTitle.status).toBe(400);
    expect(emptyTitle.body).toEqual({ error: 'title: Video title is required', code: 'validation_failed' });

    const unknownPlatform = await patch({ platforms: ['myspace'] });
    expect(unknownPlatform.status).toBe(400);
    expect(unknownPlatform.body.code).toBe('validation_failed');
    expect(unknownPlatform.body.error).toContain('youtube');

    const manyTags = await patch({ tags: Array.from({ length: 31 }, (_, i) => `tag${i}`) });
    expect(manyTags.status).toBe(400);
    expect(manyTags.body.error).toContain('At most 30 tags');

    const longTag = await patch({ tags: ['x'.repeat(101)] });
    expect(longTag.status).toBe(400);

    expect((await patch({})).status).toBe(400);
    expect((await patch({ status: 'published' })).status).toBe(400);

    const noPlatforms = await patch({ title: 'Ready?', status: 'ready' });
    expect(noPlatforms.status).toBe(422);
    expect(noPlatforms.body.code).toBe('platforms_required');

    const after = (await client.get(`/api/videos/${video.id}`)).body.video;
    expect(after).toMatchObject({ title: 'Checked', status: 'awaiting-details', platforms: [], tags: [] });

    expect((await patch({ platforms: ['x'], status: 'ready' })).status).toBe(200);
    const emptied = await patch({ platforms: [] });
    expect(emptied.status).toBe(422);
    expect(emptied.body.code).toBe('platforms_required');
  });

  it('records a duration sent by the client, and validates it', async () => {
    const video = await upload('Timed');
    const client = api(server, owner.token);
    const set = (duration: unknown) => client.patch(`/api/videos/${video.id}/duration`, { duration });

    const res = await set('1:05');
    expect(res.status).toBe(200);
    expect(res.body.video).toMatchObject({ duration: '1:05', durationSeconds: 65 });
    expect((await set('1:02:03')).body.video).toMatchObject({ duration: '62:03', durationSeconds: 3723 });

    for (const bad of ['65', '1:60', 'abc', '', 12, '-1:00']) {
      const r = await set(bad);
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.code).toBe('validation_failed');
    }
    expect((await client.patch(`/api/videos/${video.id}/duration`, {})).status).toBe(400);
    expect((await client.patch('/api/videos/abc/duration', { duration: '0:01' })).status).toBe(400);
    expect((await client.patch('/api/videos/999999/duration', { duration: '0:01' })).status).toBe(404);
  });

  it('deletes a video with its files', async () => {
    const video = await upload('Doomed');
    expect(onDisk(video.filename)).toBe(true);
    expect(onDisk(thumbName(video))).toBe(true);

    const res = await api(server, owner.token).delete(`/api/videos/${video.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: [video.id] });
    expect(onDisk(video.filename)).toBe(false);
    expect(onDisk(thumbName(video))).toBe(false);
    expect((await fetch(`${server.url}/uploads/${video.filename}`)).status).toBe(404);
    expect((await fetch(`${server.url}${video.thumbnail}`)).status).toBe(404);
    expect((await api(server, owner.token).get(`/api/videos/${video.id}`)).status).toBe(404);
    expect((await api(server, owner.token).delete(`/api/videos/${video.id}`)).status).toBe(404);
  });

  it('bulk-deletes all or nothing', async () => {
    const a = await upload('Bulk A');
    const b = await upload('Bulk B');
    const theirs = await upload('Theirs', (await createProject(server, stranger.token)).id, stranger);
    const client = api(server, owner.token);

    const mixed = await client.post('/api/videos/bulk-delete', { videoIds: [a.id, theirs.id, b.id] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.code).toBe('not_found');
    for (const v of [a, b]) {
      expect((await client.get(`/api/videos/${v.id}`)).status).toBe(200);
      expect(onDisk(v.filename)).toBe(true);
    }
    expect(onDisk(theirs.filename)).toBe(true);

    const ok = await client.post('/api/videos/bulk-delete', { videoIds: [a.id, b.id, a.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.deleted.sort()).toEqual([a.id, b.id].sort());
    for (const v of [a, b]) {
      expect((await client.get(`/api/videos/${v.id}`)).status).toBe(404);
      expect(onDisk(v.filename)).toBe(false);
      expect(onDisk(thumbName(v))).toBe(false);
    }
    expect((await client.post('/api/videos/bulk-delete', { videoIds: [] })).status).toBe(400);
  });

  it('lists connected platforms only for the caller’s own project', async () => {
    const mine = await api(server, owner.token).get(`/api/connected-platforms?project_id=${projectId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ platforms: [] });
    const theirs = await api(server, stranger.token).get(`/api/connected-platforms?project_id=${projectId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: 'Project not found', code: 'not_found' });
    expect((await api(server).get(`/api/connected-platforms?project_id=${projectId}`)).status).toBe(401);
    expect((await api(server, owner.token).get('/api/connected-platforms')).status).toBe(400);
  });
});
