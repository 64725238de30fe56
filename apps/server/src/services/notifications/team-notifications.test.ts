import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type ApiClient } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, target, type Owner } from '../../routes/posts/posts-test-support';

type Role = 'editor' | 'reviewer' | 'client';

/** The bell of the people concerned, each their own: approvals, change requests, a post's outcome, their zone. */
describe('notifications in a team', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function team(needsApproval: boolean) {
    const owner = await ownerWith(server, ['tiktok']);
    const people = {} as Record<Role, { as: ApiClient; id: number }>;
    for (const role of ['editor', 'reviewer', 'client'] as const) {
      const who = await registerUser(server);
      await owner.as.post(`/api/projects/${owner.projectId}/members`, { email: who.user.email, role });
      people[role] = { as: api(server, who.token), id: who.user.id };
    }
    if (needsApproval) await owner.as.patch(`/api/projects/${owner.projectId}`, { needsApproval: true });
    return { owner, ...people };
  }

  const bell = async (as: ApiClient, postId: number) =>
    ((await as.get('/api/notifications')).body.notifications as { kind: string; postId: number }[])
      .filter((n) => n.postId === postId)
      .map((n) => n.kind)
      .sort();

  async function editorPost(owner: Owner, editor: ApiClient, body: Record<string, unknown> = {}) {
    const videoId = await addVideo(server, owner);
    const res = await editor.post(`/api/videos/${videoId}/posts`, { targets: [target('tiktok')], ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.posts[0] as { id: number; status: string; scheduledAt: string };
  }

  it('asks every approver but tells the acting one nothing; approval and changes reach the author and the others', async () => {
    const t = await team(true);
    const post = await editorPost(t.owner, t.editor.as, { scheduledAt: inMinutes(60) });
    expect(await bell(t.owner.as, post.id)).toEqual(['approval_requested']);
    expect(await bell(t.reviewer.as, post.id)).toEqual(['approval_requested']);
    expect(await bell(t.client.as, post.id)).toEqual(['approval_requested']);
    expect(await bell(t.editor.as, post.id)).toEqual([]);

    expect((await t.client.as.post(`/api/posts/${post.id}/request-changes`, { comment: 'Shorter' })).status).toBe(200);
    expect(await bell(t.editor.as, post.id)).toEqual(['changes_requested']);
    expect(await bell(t.reviewer.as, post.id)).toEqual(['approval_requested', 'changes_requested']);
    expect(await bell(t.client.as, post.id)).toEqual(['approval_requested']);

    expect((await t.reviewer.as.post(`/api/posts/${post.id}/approve`, {})).status).toBe(200);
    expect(await bell(t.editor.as, post.id)).toEqual(['approved', 'changes_requested']);
    expect(await bell(t.owner.as, post.id)).toEqual(['approval_requested', 'approved', 'changes_requested']);
    expect(await bell(t.reviewer.as, post.id)).toEqual(['approval_requested', 'changes_requested']);
  });

  it('tells an author who has left the project nothing more of it', async () => {
    const t = await team(true);
    const post = await editorPost(t.owner, t.editor.as, { scheduledAt: inMinutes(60) });
    expect((await t.owner.as.delete(`/api/projects/${t.owner.projectId}/members/${t.editor.id}`)).status).toBe(200);
    expect((await t.client.as.post(`/api/posts/${post.id}/approve`, {})).status).toBe(200);
    expect(await bell(t.editor.as, post.id)).toEqual([]);
    expect(await bell(t.owner.as, post.id)).toContain('approved');
  });

  it('tells the editor who made a post how it ended, as well as the owner; nobody else', async () => {
    const t = await team(false);
    // Its video's file is not stored: sent now, it fails.
    const post = await editorPost(t.owner, t.editor.as);
    await waitUntil(async () => (await bell(t.owner.as, post.id)).length > 0, 'the outcome in the bell');
    expect(await bell(t.owner.as, post.id)).toEqual(['failed']);
    expect(await bell(t.editor.as, post.id)).toEqual(['failed']);
    expect(await bell(t.reviewer.as, post.id)).toEqual([]);
  });

  it("reads a local time in the zone of the person scheduling, not the owner's", async () => {
    const t = await team(false);
    expect((await t.owner.as.patch('/api/auth/me', { timeZone: 'UTC' })).status).toBe(200);
    expect((await t.editor.as.patch('/api/auth/me', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    // A day a month ahead, at nine in Tokyo (UTC+9 all year): midnight UTC of that day.
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const post = await editorPost(t.owner, t.editor.as, { scheduledLocal: `${day}T09:00` });
    expect(post.scheduledAt).toBe(`${day}T00:00:00.000Z`);
  });
});
