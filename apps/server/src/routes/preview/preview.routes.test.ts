import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, authHeaders, type ApiResponse } from '../../../test/factories';
import { insertPostRow, storedVideo, teamWithPost } from '../../../test/team-posts';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** Client preview links (docs/teams.md): what a token opens, and everything it must not. */
describe('client preview links', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** A fetch answer's JSON, read loosely as the other API tests read theirs. */
  const json = async (res: Response): Promise<ApiResponse['body']> => res.json();
  const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  const open = (token: string, path = '') => fetch(`${server.url}/api/preview/${token}${path}`);
  const postJson = (token: string, path: string, body: unknown) =>
    fetch(`${server.url}/api/preview/${token}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function linkFor(t: Awaited<ReturnType<typeof teamWithPost>>, body: Record<string, unknown>) {
    const made = await t.asOwner.post(`/api/projects/${t.project.id}/preview-links`, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return { link: made.body.link, token: tokenOf(made.body.link.url) };
  }

  it('shows the named posts as their platform would, in the viewer’s zone, with a video only this token plays', async () => {
    const t = await teamWithPost(server);
    await server.ctx.db
      .updateTable('videos')
      .set({ title: 'Harbour at dawn', tags: JSON.stringify(['sea', 'New York']) })
      .where('id', '=', t.video.id)
      .execute();
    const at = new Date('2030-03-01T08:30:00Z');
    await server.ctx.db.updateTable('posts').set({ scheduled_at: at }).where('id', '=', t.postId).execute();
    const { link, token } = await linkFor(t, { postIds: [t.postId] });
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(link).toMatchObject({ allowNotes: false, allowApproval: false, postIds: [t.postId] });
    const stored = await server.ctx.db
      .selectFrom('preview_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await open(token, '?zone=Asia/Kolkata');
    expect(page.status).toBe(200);
    const body = await json(page);
    expect(body.posts).toHaveLength(1);
    expect(body.posts[0]).toMatchObject({
      id: t.postId,
      platform: 'tiktok',
      scheduledAt: '2030-03-01T08:30:00.000Z',
      localTime: '2030-03-01T14:00+05:30',
      caption: expect.stringContaining('#NewYork'),
    });
    const media = await fetch(`${server.url}${body.posts[0].mediaUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(media.status).toBe(206);
    expect(Buffer.from(await media.arrayBuffer()).equals(t.video.bytes.subarray(0, 100))).toBe(true);
    // The owner's list knows the link but not its token any more.
    const listed = await t.asOwner.get(`/api/projects/${t.project.id}/preview-links`);
    expect(listed.body.links[0]).toMatchObject({ id: link.id, url: null });
  });

  it('never opens a post or video outside its posts, of this project or another', async () => {
    const a = await teamWithPost(server, 'Alpha');
    const b = await teamWithPost(server, 'Bravo');
    const otherVideo = await storedVideo(server, a.scope);
    const outside = await insertPostRow(server, a.scope, otherVideo.id);
    const { token } = await linkFor(a, { postIds: [a.postId], allowNotes: true, allowApproval: true });

    for (const postId of [outside, b.postId]) {
      expect((await open(token, `/media/${postId}`)).status).toBe(404);
      expect((await postJson(token, '/notes', { name: 'Cleo', text: 'hi', postId })).status).toBe(404);
      expect((await postJson(token, `/posts/${postId}/approve`, { name: 'Cleo' })).status).toBe(404);
    }
    // A project's owner cannot make a link naming another project's post, or one of their own other project.
    const foreign = await a.asOwner.post(`/api/projects/${a.project.id}/preview-links`, { postIds: [b.postId] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('invalid_posts');
    // The token is no Bearer token: no other API opens with it.
    for (const path of [
      `/api/posts/${a.postId}/notes`,
      `/api/videos/${a.video.id}`,
      '/api/projects',
      `/api/posts?project_id=${a.project.id}`,
    ]) {
      expect((await fetch(`${server.url}${path}`, { headers: authHeaders(token) })).status, path).toBe(401);
    }
    // A name one character away from the real one (the names are random hex) opens nothing.
    const guessedName = (otherVideo.filename.startsWith('0') ? '1' : '0') + otherVideo.filename.slice(1);
    expect((await fetch(`${server.url}/uploads/${guessedName}`)).status).toBe(404);
  });

  it('answers 404 to a guessed token and 410 once expired or revoked', async () => {
    const t = await teamWithPost(server);
    const guessed = 'A'.repeat(43);
    for (const res of [await open(guessed), await open(guessed, `/media/${t.postId}`), await open('short')]) {
      expect(res.status).toBe(404);
    }
    const { link, token } = await linkFor(t, { postIds: [t.postId] });
    await server.ctx.db
      .updateTable('preview_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.id)
      .execute();
    const expired = await open(token);
    expect(expired.status).toBe(410);
    expect((await json(expired)).code).toBe('preview_expired');
    expect((await open(token, `/media/${t.postId}`)).status).toBe(410);

    const second = await linkFor(t, { postIds: [t.postId] });
    expect((await t.asOwner.delete(`/api/projects/${t.project.id}/preview-links/${second.link.id}`)).status).toBe(200);
    const revoked = await open(second.token);
    expect(revoked.status).toBe(410);
    expect((await json(revoked)).code).toBe('preview_revoked');
  });

  it('makes the browser ask each time for a video, so a revoked link stops playing; the owner’s file is cached', async () => {
    const t = await teamWithPost(server);
    const { link, token } = await linkFor(t, { postIds: [t.postId] });
    const first = await open(token, `/media/${t.postId}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/preview/${token}/media/${t.postId}`, { headers });
    // Asked again with the copy it holds: the link still stands, so the copy is current.
    expect((await again({ 'if-none-match': etag })).status).toBe(304);

    expect((await t.asOwner.delete(`/api/projects/${t.project.id}/preview-links/${link.id}`)).status).toBe(200);
    for (const res of [await again({ 'if-none-match': etag }), await again({ range: 'bytes=0-99' })]) {
      expect(res.status).toBe(410);
      expect((await json(res)).code).toBe('preview_revoked');
    }
    // The owner's own media keeps its day of caching.
    const own = await fetch(`${server.url}/uploads/${t.video.filename}`, { headers: authHeaders(t.owner.token) });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=86400');
    await own.arrayBuffer();
  });

  it('resolves a range to the posts scheduled in it when the page is opened', async () => {
    const t = await teamWithPost(server);
    const from = new Date('2031-01-01T00:00:00Z');
    const to = new Date('2031-01-08T00:00:00Z');
    const inside = await insertPostRow(server, t.scope, t.video.id, { scheduledAt: new Date('2031-01-03T10:00:00Z') });
    const { token } = await linkFor(t, { range: { from: from.toISOString(), to: to.toISOString() } });
    const later = await insertPostRow(server, t.scope, t.video.id, {
      platform: 'youtube',
      scheduledAt: new Date('2031-01-05T10:00:00Z'),
    });
    const ids = (await json(await open(token))).posts.map((p: { id: number }) => p.id);
    expect(ids).toEqual([inside, later]);
    expect((await open(token, `/media/${t.postId}`)).status).toBe(404);
  });

  it('is made, listed and revoked by the owner only', async () => {
    const t = await teamWithPost(server);
    for (const role of ['editor', 'reviewer', 'client'] as const) {
      const res = await api(server, t.people[role].token).post(`/api/projects/${t.project.id}/preview-links`, {
        postIds: [t.postId],
      });
      expect(res.status).toBe(403);
    }
    const stranger = api(server, t.stranger.token);
    expect((await stranger.get(`/api/projects/${t.project.id}/preview-links`)).status).toBe(404);
    for (const body of [
      {},
      { postIds: [t.postId], range: { from: '2030-01-01T00:00:00Z', to: '2030-02-01T00:00:00Z' } },
      { postIds: [] },
      { postIds: [t.postId], expiresAt: '2000-01-01T00:00:00Z' },
      { range: { from: '2030-02-01T00:00:00Z', to: '2030-01-01T00:00:00Z' } },
    ]) {
      expect(
        (await t.asOwner.post(`/api/projects/${t.project.id}/preview-links`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await t.asOwner.get(`/api/projects/${t.project.id}/preview-links`)).body.links).toEqual([]);
  });

  it('takes notes by name only when allowed, and shows them to the team', async () => {
    const t = await teamWithPost(server);
    const readOnly = await linkFor(t, { postIds: [t.postId] });
    const refused = await postJson(readOnly.token, '/notes', { name: 'Cleo', text: 'Love it' });
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe('notes_not_allowed');

    const { token } = await linkFor(t, { postIds: [t.postId], allowNotes: true });
    expect((await postJson(token, '/notes', { name: '', text: 'Love it' })).status).toBe(400);
    expect((await postJson(token, '/notes', { name: 'Cleo', text: 'Love it' })).status).toBe(201);
    const notes = (await t.asOwner.get(`/api/posts/${t.postId}/notes`)).body.notes;
    expect(notes).toEqual([
      expect.objectContaining({ authorName: 'Cleo', authorId: null, viaPreview: true, text: 'Love it' }),
    ]);
    expect((await json(await open(token))).posts[0].notes).toEqual([expect.objectContaining({ authorName: 'Cleo' })]);
  });

  it('approves or asks for changes only when the link allows it, as an approver in the app would', async () => {
    const t = await teamWithPost(server);
    const post = () =>
      server.ctx.db
        .selectFrom('posts')
        .select(['status', 'error'])
        .where('id', '=', t.postId)
        .executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('posts').set({ status: 'awaiting_approval' }).where('id', '=', t.postId).execute();
    const readOnly = await linkFor(t, { postIds: [t.postId] });
    const refused = await postJson(readOnly.token, `/posts/${t.postId}/approve`, { name: 'Cleo' });
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe('approval_not_allowed');
    expect((await post()).status).toBe('awaiting_approval');

    const { token } = await linkFor(t, { postIds: [t.postId], allowApproval: true });
    const silent = await postJson(token, `/posts/${t.postId}/request-changes`, { name: 'Cleo' });
    expect(silent.status).toBe(400);
    expect((await json(silent)).code).toBe('comment_required');
    const changes = await postJson(token, `/posts/${t.postId}/request-changes`, { name: 'Cleo', comment: 'Shorter?' });
    expect(changes.status, JSON.stringify(await changes.clone().json())).toBe(200);
    expect(await post()).toMatchObject({ status: 'awaiting_approval', error: { code: 'changes_requested' } });

    const approved = await postJson(token, `/posts/${t.postId}/approve`, { name: 'Cleo' });
    expect(approved.status).toBe(200);
    expect((await post()).status).toBe('scheduled');
    const trail = await t.asOwner.get(`/api/activity?project_id=${t.project.id}`);
    const actors = (trail.body.events as { type: string; actor: string }[])
      .filter((e) => e.type.startsWith('post.'))
      .map((e) => [e.type, e.actor]);
    expect(actors).toEqual(
      expect.arrayContaining([
        ['post.changes_requested', 'Cleo (preview link)'],
        ['post.approved', 'Cleo (preview link)'],
      ]),
    );
    const again = await postJson(token, `/posts/${t.postId}/approve`, { name: 'Cleo' });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('not_awaiting_approval');
  });

  it('limits how often one address opens one link', async () => {
    const t = await teamWithPost(server);
    const { token } = await linkFor(t, { postIds: [t.postId] });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await open(token)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another link is counted apart.
    expect((await open((await linkFor(t, { postIds: [t.postId] })).token)).status).toBe(200);
  });
});
