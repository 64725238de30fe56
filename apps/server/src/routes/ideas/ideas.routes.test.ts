import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, setPost, target, type Owner } from '../posts/posts-test-support';

/** The board as `column: [titles top first]`. */
async function board(owner: Owner): Promise<Record<string, string[]>> {
  const res = await owner.as.get(`/api/ideas?project_id=${owner.projectId}`);
  expect(res.status).toBe(200);
  const columns: Record<string, string[]> = {};
  for (const idea of res.body.ideas) {
    columns[idea.column] ??= [];
    expect(idea.position).toBe(columns[idea.column]!.length);
    columns[idea.column]!.push(idea.title);
  }
  return columns;
}

async function addIdea(owner: Owner, title: string, extra: Record<string, unknown> = {}) {
  const res = await owner.as.post('/api/ideas', { project_id: owner.projectId, title, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.idea;
}

describe('ideas API: the planning board', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('adds ideas at the bottom of a column, moves them within and between columns, and deletes them', async () => {
    const owner = await ownerWith(server, []);
    const first = await addIdea(owner, 'Harbour timelapse', { notes: 'Sunrise, east pier', dueDate: '2030-03-01' });
    expect(first).toEqual({
      id: expect.any(Number),
      projectId: owner.projectId,
      title: 'Harbour timelapse',
      notes: 'Sunrise, east pier',
      column: 'idea',
      position: 0,
      dueDate: '2030-03-01',
      videoId: null,
      createdAt: expect.any(String),
    });
    const second = await addIdea(owner, 'Market tour');
    const third = await addIdea(owner, 'Q&A', { column: 'drafting' });
    await addIdea(owner, 'Bloopers');
    expect(await board(owner)).toEqual({ idea: ['Harbour timelapse', 'Market tour', 'Bloopers'], drafting: ['Q&A'] });

    const moved = await owner.as.patch(`/api/ideas/${second.id}`, { position: 0 });
    expect(moved.body.idea).toMatchObject({ column: 'idea', position: 0 });
    await owner.as.patch(`/api/ideas/${first.id}`, { column: 'drafting', position: 0 });
    await owner.as.patch(`/api/ideas/${third.id}`, { column: 'ready', position: 50 });
    expect(await board(owner)).toEqual({
      idea: ['Market tour', 'Bloopers'],
      drafting: ['Harbour timelapse'],
      ready: ['Q&A'],
    });

    const edited = await owner.as.patch(`/api/ideas/${first.id}`, { title: ' Harbour at dawn ', dueDate: null });
    expect(edited.body.idea).toMatchObject({ title: 'Harbour at dawn', dueDate: null, column: 'drafting' });

    expect((await owner.as.delete(`/api/ideas/${second.id}`)).status).toBe(204);
    expect(await board(owner)).toEqual({ idea: ['Bloopers'], drafting: ['Harbour at dawn'], ready: ['Q&A'] });
    expect((await owner.as.delete(`/api/ideas/${second.id}`)).status).toBe(404);
  });

  it('keeps every column numbered 0 … n-1 when many moves arrive at once', async () => {
    const owner = await ownerWith(server, []);
    const ideas = [];
    for (let i = 0; i < 12; i++) ideas.push(await addIdea(owner, `Idea ${i}`));
    const columns = ['idea', 'drafting', 'ready'];
    const answers = await Promise.all(
      ideas.map((idea, i) => owner.as.patch(`/api/ideas/${idea.id}`, { column: columns[i % 3], position: i % 4 })),
    );
    expect(answers.map((a) => a.status)).toEqual(ideas.map(() => 200));
    const after = await board(owner);
    expect(Object.values(after).flat().sort()).toEqual(ideas.map((i) => i.title).sort());
    expect(Object.keys(after).sort()).toEqual(['drafting', 'idea', 'ready']);
  });

  it('puts an idea in Scheduled and Published by its video’s posts, and refuses to put it there by hand', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const videoId = await addVideo(server, owner);
    const idea = await addIdea(owner, 'Harbour', { videoId, column: 'ready' });
    expect(idea).toMatchObject({ column: 'ready', videoId });

    const byHand = await owner.as.patch(`/api/ideas/${idea.id}`, { column: 'scheduled' });
    expect(byHand).toMatchObject({ status: 409, body: { code: 'column_follows_posts', error: expect.any(String) } });
    expect(
      await owner.as.post('/api/ideas', { project_id: owner.projectId, title: 'x', column: 'published' }),
    ).toMatchObject({ status: 409, body: { code: 'column_follows_posts' } });

    const created = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(60),
    });
    expect(created.status).toBe(201);
    expect(await board(owner)).toEqual({ scheduled: ['Harbour'] });
    expect(await owner.as.patch(`/api/ideas/${idea.id}`, { column: 'idea' })).toMatchObject({
      status: 409,
      body: { code: 'column_follows_posts' },
    });
    // A second idea on the same video lands in Scheduled at once.
    expect(await addIdea(owner, 'Harbour, cut two', { videoId })).toMatchObject({ column: 'scheduled', position: 1 });

    await setPost(server, created.body.posts[0].id, { status: 'published', due_at: null });
    expect(await board(owner)).toEqual({ published: ['Harbour', 'Harbour, cut two'] });

    await setPost(server, created.body.posts[0].id, { status: 'cancelled', due_at: null });
    expect(await board(owner)).toEqual({ ready: ['Harbour', 'Harbour, cut two'] });
    // Detaching the video of a scheduled idea sends it back to Ready too.
    const again = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(90),
    });
    expect(again.status).toBe(201);
    expect((await owner.as.patch(`/api/ideas/${idea.id}`, { videoId: null })).body.idea).toMatchObject({
      column: 'ready',
      position: 0,
      videoId: null,
    });
  });

  it("answers another user's ideas and projects with 404, and another project's video with 400", async () => {
    const owner = await ownerWith(server, []);
    const stranger = await ownerWith(server, []);
    const idea = await addIdea(owner, 'Mine');
    const notFound = { status: 404, body: { code: 'not_found', error: expect.any(String) } };
    expect(await stranger.as.get(`/api/ideas?project_id=${owner.projectId}`)).toMatchObject(notFound);
    expect(await stranger.as.post('/api/ideas', { project_id: owner.projectId, title: 'x' })).toMatchObject(notFound);
    expect(await stranger.as.patch(`/api/ideas/${idea.id}`, { title: 'Theirs' })).toMatchObject(notFound);
    expect(await stranger.as.delete(`/api/ideas/${idea.id}`)).toMatchObject(notFound);
    expect((await stranger.as.get(`/api/ideas?project_id=${stranger.projectId}`)).body.ideas).toEqual([]);

    const strangersVideo = await addVideo(server, stranger);
    const otherProject = await createProject(server, owner.token);
    const ownVideoElsewhere = await addVideo(server, owner, { project_id: otherProject.id });
    for (const videoId of [strangersVideo, ownVideoElsewhere]) {
      const invalid = { status: 400, body: { code: 'invalid_video', error: 'That video is not in this project' } };
      expect(await owner.as.patch(`/api/ideas/${idea.id}`, { videoId })).toMatchObject(invalid);
      expect(await owner.as.post('/api/ideas', { project_id: owner.projectId, title: 'x', videoId })).toMatchObject(
        invalid,
      );
    }
    expect((await owner.as.get(`/api/ideas?project_id=${owner.projectId}`)).body.ideas).toEqual([
      expect.objectContaining({ title: 'Mine', videoId: null }),
    ]);
  });

  it('answers bad input with 400 {error, code} and anonymous callers with 401', async () => {
    const owner = await ownerWith(server, []);
    const idea = await addIdea(owner, 'Kept');
    const invalid = { status: 400, body: { error: expect.any(String), code: 'validation_failed' } };
    for (const body of [
      {},
      { project_id: owner.projectId },
      { project_id: owner.projectId, title: '   ' },
      { project_id: owner.projectId, title: 'x'.repeat(201) },
      { project_id: owner.projectId, title: 'x', column: 'someday' },
      { project_id: owner.projectId, title: 'x', dueDate: '2030-02-30' },
      { project_id: owner.projectId, title: 'x', notes: 'n'.repeat(5001) },
      { project_id: owner.projectId, title: 'x', videoId: 'seven' },
      { project_id: owner.projectId, title: 'x', position: 1 },
      { project_id: String(owner.projectId), title: 'x' },
    ]) {
      expect(await owner.as.post('/api/ideas', body), JSON.stringify(body)).toMatchObject(invalid);
    }
    for (const body of [{}, { position: -1 }, { position: 1.5 }, { column: 'done' }, { title: '' }, { id: 3 }]) {
      expect(await owner.as.patch(`/api/ideas/${idea.id}`, body), JSON.stringify(body)).toMatchObject(invalid);
    }
    expect(await owner.as.get('/api/ideas')).toMatchObject(invalid);
    expect(await owner.as.get('/api/ideas?project_id=abc')).toMatchObject(invalid);
    expect(await owner.as.patch('/api/ideas/0', { title: 'x' })).toMatchObject(invalid);
    expect(await owner.as.raw('POST', '/api/ideas', '{"title":')).toMatchObject({ status: 400 });
    expect((await owner.as.get('/api/ideas/abc')).status).toBe(404);

    const anonymous = await fetch(`${server.url}/api/ideas?project_id=${owner.projectId}`);
    expect(anonymous.status).toBe(401);
    expect((await owner.as.get(`/api/ideas?project_id=${owner.projectId}`)).body.ideas).toEqual([
      expect.objectContaining({ title: 'Kept', column: 'idea', position: 0 }),
    ]);
  });
});
