import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, insertVideoRow, registerUser, type RegisteredUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('collections and the library filters', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let projectId: number;
  let videoIds: number[];

  async function videosOf(userId: number, pid: number): Promise<number[]> {
    const rows = await server.ctx.db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', userId)
      .where('project_id', '=', pid)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
    for (let i = 0; i < 3; i++) await insertVideoRow(server, { userId: owner.user.id, projectId });
    videoIds = await videosOf(owner.user.id, projectId);
    const client = api(server, owner.token);
    const tags = [['Travel', 'summer'], ['travel'], ['food']];
    for (const [i, id] of videoIds.entries()) {
      const res = await client.patch(`/api/videos/${id}`, { title: `Clip ${i}`, tags: tags[i] });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => stopTestServer(server));

  it('makes, renames, fills and deletes collections; one video in many', async () => {
    const client = api(server, owner.token);
    const made = await client.post('/api/collections', { project_id: projectId, name: '  Summer  ' });
    expect(made.status).toBe(201);
    expect(made.body.collection).toEqual({
      id: expect.any(Number),
      projectId,
      name: 'Summer',
      videoCount: 0,
      createdAt: expect.any(String),
    });
    const summer = made.body.collection.id;
    const best = (await client.post('/api/collections', { project_id: projectId, name: 'Best of' })).body.collection.id;

    const same = await client.post('/api/collections', { project_id: projectId, name: 'summer' });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('name_taken');

    const filled = await client.post(`/api/collections/${summer}/videos`, { videoIds: [videoIds[0], videoIds[1]] });
    expect(filled.body.collection.videoCount).toBe(2);
    // Adding again keeps each video once; the same video goes in another collection too.
    expect(
      (await client.post(`/api/collections/${summer}/videos`, { videoIds: [videoIds[0]] })).body.collection.videoCount,
    ).toBe(2);
    expect(
      (await client.post(`/api/collections/${best}/videos`, { videoIds: [videoIds[0]] })).body.collection.videoCount,
    ).toBe(1);

    const renamed = await client.patch(`/api/collections/${best}`, { name: 'Best of 2026' });
    expect(renamed.body.collection.name).toBe('Best of 2026');
    expect((await client.patch(`/api/collections/${best}`, { name: 'SUMMER' })).status).toBe(409);

    const list = await client.get(`/api/collections?project_id=${projectId}`);
    expect(list.body.collections.map((c: { name: string; videoCount: number }) => [c.name, c.videoCount])).toEqual([
      ['Best of 2026', 1],
      ['Summer', 2],
    ]);

    const inSummer = await client.get(`/api/videos?project_id=${projectId}&collection_id=${summer}&sort=oldest`);
    expect(inSummer.body.map((v: { id: number }) => v.id)).toEqual([videoIds[0], videoIds[1]]);

    const out = await client.delete(`/api/collections/${summer}/videos/${videoIds[1]}`);
    expect(out.body.collection.videoCount).toBe(1);
    expect((await client.delete(`/api/collections/${summer}/videos/${videoIds[1]}`)).status).toBe(404);

    // Deleting a collection leaves its videos in the library.
    expect((await client.delete(`/api/collections/${summer}`)).status).toBe(200);
    expect((await client.get(`/api/videos?project_id=${projectId}`)).body).toHaveLength(3);
    expect((await client.get(`/api/videos?project_id=${projectId}&collection_id=${summer}`)).status).toBe(404);
  });

  it('filters the library by tag, ignoring case, with the other filters and in pages', async () => {
    const client = api(server, owner.token);
    const travel = await client.get(`/api/videos?project_id=${projectId}&tag=TRAVEL&sort=oldest`);
    expect(travel.body.map((v: { id: number }) => v.id)).toEqual([videoIds[0], videoIds[1]]);
    const page = await client.get(`/api/videos?project_id=${projectId}&tag=travel&limit=1`);
    expect(page.body.total).toBe(2);
    expect(page.body.videos).toHaveLength(1);
    const both = await client.get(`/api/videos?project_id=${projectId}&tag=travel&q=Clip%201`);
    expect(both.body.map((v: { id: number }) => v.id)).toEqual([videoIds[1]]);
    const ids = await client.get(`/api/videos/ids?project_id=${projectId}&tag=food`);
    expect(ids.body.ids).toEqual([videoIds[2]]);
    expect((await client.get(`/api/videos?project_id=${projectId}&tag=none`)).body).toEqual([]);
  });

  it("answers someone else's collections and videos as not found, and refuses bad input", async () => {
    const client = api(server, owner.token);
    const mine = (await client.post('/api/collections', { project_id: projectId, name: 'Mine' })).body.collection.id;
    const stranger = await registerUser(server);
    const theirProject = (await createProject(server, stranger.token)).id;
    await insertVideoRow(server, { userId: stranger.user.id, projectId: theirProject });
    const [theirVideo] = await videosOf(stranger.user.id, theirProject);
    const them = api(server, stranger.token);

    expect((await them.get(`/api/collections?project_id=${projectId}`)).status).toBe(404);
    expect((await them.post('/api/collections', { project_id: projectId, name: 'x' })).status).toBe(404);
    expect((await them.patch(`/api/collections/${mine}`, { name: 'x' })).status).toBe(404);
    expect((await them.delete(`/api/collections/${mine}`)).status).toBe(404);
    expect((await them.post(`/api/collections/${mine}/videos`, { videoIds: [theirVideo] })).status).toBe(404);
    expect((await them.get(`/api/videos?project_id=${theirProject}&collection_id=${mine}`)).status).toBe(404);
    // Their video cannot be put in my collection, nor one of my other project.
    expect((await client.post(`/api/collections/${mine}/videos`, { videoIds: [theirVideo] })).status).toBe(404);
    const otherProject = (await createProject(server, owner.token, { name: 'Second' })).id;
    expect((await client.get(`/api/videos?project_id=${otherProject}&collection_id=${mine}`)).status).toBe(404);
    expect(
      (await client.get(`/api/collections?project_id=${projectId}`)).body.collections.find(
        (c: { id: number }) => c.id === mine,
      ).videoCount,
    ).toBe(0);

    const bad: [string, Promise<{ status: number }>][] = [
      ['no project', client.get('/api/collections')],
      ['empty name', client.post('/api/collections', { project_id: projectId, name: '   ' })],
      ['long name', client.post('/api/collections', { project_id: projectId, name: 'x'.repeat(101) })],
      ['no videos', client.post(`/api/collections/${mine}/videos`, { videoIds: [] })],
      ['bad id', client.post(`/api/collections/${mine}/videos`, { videoIds: ['1'] })],
      ['bad collection filter', client.get(`/api/videos?project_id=${projectId}&collection_id=0`)],
      ['empty tag', client.get(`/api/videos?project_id=${projectId}&tag=`)],
    ];
    for (const [what, res] of bad) expect((await res).status, what).toBe(400);
  });
});
