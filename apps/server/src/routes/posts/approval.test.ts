import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, authHeaders, registerUser, type ApiClient } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { runPublishJob } from '../../services/publishing/publish-runner';
import { addVideo, inMinutes, ownerWith, postRow, setPost, target, type Owner } from './posts-test-support';

interface Team extends Owner {
  editor: ApiClient;
  editorId: number;
  editorToken: string;
  reviewer: ApiClient;
  client: ApiClient;
  clientId: number;
}

describe('approval before publishing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** A project with TikTok connected, an editor, a reviewer and a client, that needs approval. */
  async function team(): Promise<Team> {
    const owner = await ownerWith(server, ['tiktok']);
    const people: Record<string, { as: ApiClient; id: number; token: string }> = {};
    for (const role of ['editor', 'reviewer', 'client']) {
      const who = await registerUser(server, { fullName: `Pat ${role}` });
      const added = await owner.as.post(`/api/projects/${owner.projectId}/members`, { email: who.user.email, role });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      people[role] = { as: api(server, who.token), id: who.user.id, token: who.token };
    }
    const on = await owner.as.patch(`/api/projects/${owner.projectId}`, { needsApproval: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ needsApproval: true, clientsSeeAnalytics: false });
    return {
      ...owner,
      editor: people.editor!.as,
      editorId: people.editor!.id,
      editorToken: people.editor!.token,
      reviewer: people.reviewer!.as,
      client: people.client!.as,
      clientId: people.client!.id,
    };
  }

  async function postAs(t: Team, as: ApiClient, at = inMinutes(60)) {
    const videoId = await addVideo(server, t);
    const res = await as.post(`/api/videos/${videoId}/posts`, { targets: [target('tiktok')], scheduledAt: at });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { videoId, post: res.body.posts[0] as { id: number; status: string } };
  }

  const kinds = async (as: ApiClient) =>
    ((await as.get('/api/notifications')).body.notifications as { kind: string; postId: number }[]).map((n) => [
      n.kind,
      n.postId,
    ]);

  it('lets only the owner turn the setting on, and clients see analytics only when allowed', async () => {
    const t = await team();
    const byEditor = await t.editor.patch(`/api/projects/${t.projectId}`, { needsApproval: false });
    expect(byEditor.status).toBe(403);
    expect((await t.client.get(`/api/analytics?project_id=${t.projectId}`)).status).toBe(403);
    const allow = await t.as.patch(`/api/projects/${t.projectId}`, { clientsSeeAnalytics: true });
    expect(allow.body).toMatchObject({ needsApproval: true, clientsSeeAnalytics: true });
    const listed = (await t.as.get('/api/projects')).body.find((p: { id: number }) => p.id === t.projectId);
    expect(listed).toMatchObject({ needsApproval: true, clientsSeeAnalytics: true });
  });

  it("makes an editor's post wait for approval, counts it as scheduled, and tells the approvers", async () => {
    const t = await team();
    const { videoId, post } = await postAs(t, t.editor);
    expect(post).toMatchObject({ status: 'awaiting_approval', createdBy: t.editorId, approvedAt: null });
    expect((await t.as.get(`/api/videos/${videoId}`)).body.video.status).toBe('scheduled');
    // It blocks a second post of the video to the same account, as a scheduled one does.
    const again = await t.as.post(`/api/videos/${videoId}/posts`, { targets: [target('tiktok')] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_posted');
    expect(await kinds(t.as)).toContainEqual(['approval_requested', post.id]);
    expect(await kinds(t.client)).toContainEqual(['approval_requested', post.id]);
    expect(await kinds(t.editor)).toEqual([]);
    // The owner in the app publishes without approval.
    expect((await postAs(t, t.as)).post.status).toBe('scheduled');
  });

  it("holds a post made with the owner's API token for approval", async () => {
    const t = await team();
    const made = await t.as.post('/api/auth/tokens', { name: 'cli', scopes: ['read', 'write'] });
    expect(made.status).toBe(201);
    const { post } = await postAs(t, api(server, made.body.secret));
    expect(post.status).toBe('awaiting_approval');
  });

  it("holds the posts of an editor's CSV import for approval", async () => {
    const t = await team();
    const videoId = await addVideo(server, t);
    const csv = ['video_id,platforms,scheduled_at,tiktok.privacyLevel', `${videoId},tiktok,${inMinutes(60)},SELF_ONLY`];
    const res = await fetch(`${server.url}/api/posts/import?project_id=${t.projectId}&dry_run=false`, {
      method: 'POST',
      headers: { ...authHeaders(t.editorToken), 'content-type': 'text/csv' },
      body: csv.join('\n'),
    });
    expect(res.status).toBe(201);
    const posts = (await t.as.get(`/api/videos/${videoId}/posts`)).body.posts as { status: string }[];
    expect(posts.map((p) => p.status)).toEqual(['awaiting_approval']);
  });

  it('approves (owner, reviewer, client; never an editor), writes Activity and tells the author', async () => {
    const t = await team();
    const { post } = await postAs(t, t.editor);
    const byEditor = await t.editor.post(`/api/posts/${post.id}/approve`, {});
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.code).toBe('role_forbidden');
    const ok = await t.reviewer.post(`/api/posts/${post.id}/approve`, {});
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.post).toMatchObject({ status: 'scheduled', approvedAt: expect.any(String) });
    const twice = await t.client.post(`/api/posts/${post.id}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('not_awaiting_approval');
    expect(await kinds(t.editor)).toContainEqual(['approved', post.id]);
    const trail = (await t.as.get(`/api/activity?project_id=${t.projectId}`)).body.events as {
      type: string;
      actor: string;
    }[];
    expect(trail.map((e) => [e.type, e.actor])).toEqual(
      expect.arrayContaining([
        ['post.approved', 'Pat reviewer'],
        ['post.awaiting_approval', 'Pat editor'],
      ]),
    );
  });

  it('needs approval again once an editor changes an approved post; the owner changes it freely', async () => {
    const t = await team();
    const { post } = await postAs(t, t.editor);
    await t.client.post(`/api/posts/${post.id}/approve`, {});
    const edited = await t.editor.patch(`/api/posts/${post.id}`, { caption: 'A new caption' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.post).toMatchObject({ status: 'awaiting_approval', approvedAt: null });
    await t.as.post(`/api/posts/${post.id}/approve`, {});
    const byOwner = await t.as.patch(`/api/posts/${post.id}`, { scheduledAt: inMinutes(90) });
    expect(byOwner.body.post.status).toBe('scheduled');
  });

  it('asks for changes with a comment: the post waits on, its author is told; an empty comment is refused', async () => {
    const t = await team();
    const { post } = await postAs(t, t.editor);
    expect((await t.client.post(`/api/posts/${post.id}/request-changes`, { comment: '  ' })).status).toBe(400);
    const res = await t.client.post(`/api/posts/${post.id}/request-changes`, { comment: 'Shorter caption, please' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.post).toMatchObject({
      status: 'awaiting_approval',
      error: { code: 'changes_requested', message: expect.stringContaining('Shorter caption, please') },
    });
    expect(await kinds(t.editor)).toContainEqual(['changes_requested', post.id]);
    const fixed = await t.editor.patch(`/api/posts/${post.id}`, { caption: 'Short' });
    expect(fixed.body.post).toMatchObject({ status: 'awaiting_approval', error: null });
  });

  it('never publishes a post past its time while it waits: approval_overdue; approving publishes it at once', async () => {
    const t = await team();
    const { post } = await postAs(t, t.editor);
    const past = new Date(Date.now() - 5 * 60_000);
    await setPost(server, post.id, { scheduled_at: past, due_at: past });
    expect((await runPublishJob(server.ctx, post.id)).outcome).toBe('approval-overdue');
    const waiting = (await t.as.get(`/api/posts/${post.id}`)).body.post;
    expect(waiting).toMatchObject({ status: 'awaiting_approval', error: { code: 'approval_overdue' } });
    expect((await postRow(server, post.id))!.started_at).toBeNull();

    const approved = await t.client.post(`/api/posts/${post.id}/approve`, {});
    expect(approved.body.post).toMatchObject({ status: 'scheduled', error: null });
    // Due at once (or already taken by the runner): never left waiting for a time that has passed.
    const row = (await postRow(server, post.id))!;
    if (row.status === 'scheduled') expect(row.due_at!.getTime()).toBeLessThanOrEqual(Date.now());
    else expect(row.started_at).not.toBeNull();
  });

  it('lets an approver give an overdue post a new time instead, refusing a past one', async () => {
    const t = await team();
    const { post } = await postAs(t, t.editor);
    const past = new Date(Date.now() - 5 * 60_000);
    await setPost(server, post.id, { scheduled_at: past, due_at: past });
    const bad = await t.reviewer.post(`/api/posts/${post.id}/approve`, { scheduledAt: past.toISOString() });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('scheduled_in_past');
    const at = inMinutes(30);
    const later = await t.reviewer.post(`/api/posts/${post.id}/approve`, { scheduledAt: at });
    expect(later.body.post).toMatchObject({ status: 'scheduled', scheduledAt: at });
  });

  it('approves in bulk, listing the posts that no longer await approval', async () => {
    const t = await team();
    const a = (await postAs(t, t.editor)).post;
    const b = (await postAs(t, t.editor)).post;
    const c = (await postAs(t, t.editor)).post;
    await t.editor.delete(`/api/posts/${c.id}`);
    const res = await t.client.post('/api/posts/bulk/approve', { postIds: [a.id, b.id, c.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.posts.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [a.id, 'scheduled'],
      [b.id, 'scheduled'],
    ]);
    expect(res.body.skipped).toEqual([{ id: c.id, status: 'cancelled' }]);
    expect((await t.editor.post('/api/posts/bulk/approve', { postIds: [a.id] })).status).toBe(403);
  });
});
