import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type ApiClient } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { loadRuleSubject } from '../../services/rules/rule-subject';
import { buildWebhookBody } from '../../services/rules/webhook-body';
import type { SealedRuleRow } from '../../services/rules/webhook-secrets';
import { addVideo, inMinutes, ownerWith, target } from '../posts/posts-test-support';

interface Line {
  type: string;
  actor: string;
  subject: { kind: string; id: string };
}

describe('who did it, in Activity', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const trail = async (as: ApiClient, projectId: number) =>
    ((await as.get(`/api/activity?project_id=${projectId}`)).body.events as Line[]).filter(
      (e) => e.subject.kind !== 'account',
    );
  const actorOf = (lines: Line[], type: string, id: number) =>
    lines.find((e) => e.type === type && e.subject.id === String(id))?.actor;

  it('says "you" to the person who acted and names them to the rest of the team; webhooks name them', async () => {
    const owner = await ownerWith(server, ['tiktok']);
    const ownerName = (await owner.as.get('/api/auth/me')).body.user.fullName as string;
    const editorUser = await registerUser(server, { fullName: 'Eddie Editor' });
    const reviewerUser = await registerUser(server, { fullName: 'Rita Reviewer' });
    for (const [who, role] of [
      [editorUser, 'editor'],
      [reviewerUser, 'reviewer'],
    ] as const) {
      const added = await owner.as.post(`/api/projects/${owner.projectId}/members`, { email: who.user.email, role });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const editor = api(server, editorUser.token);
    const reviewer = api(server, reviewerUser.token);

    // The editor saves a video's details and schedules it; the owner cancels that post and saves another video.
    const byEditor = await addVideo(server, owner);
    expect((await editor.patch(`/api/videos/${byEditor}`, { title: 'Editor cut' })).status).toBe(200);
    const made = await editor.post(`/api/videos/${byEditor}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(60),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const postId = made.body.posts[0].id as number;
    expect((await owner.as.delete(`/api/posts/${postId}`)).status).toBe(200);
    const byOwner = await addVideo(server, owner);
    expect((await owner.as.patch(`/api/videos/${byOwner}`, { title: 'Owner cut' })).status).toBe(200);

    const seenByOwner = await trail(owner.as, owner.projectId);
    expect(actorOf(seenByOwner, 'video.details_saved', byEditor)).toBe('Eddie Editor');
    expect(actorOf(seenByOwner, 'post.scheduled', postId)).toBe('Eddie Editor');
    expect(actorOf(seenByOwner, 'post.cancelled', postId)).toBe('you');
    expect(actorOf(seenByOwner, 'video.details_saved', byOwner)).toBe('you');

    const seenByEditor = await trail(editor, owner.projectId);
    expect(actorOf(seenByEditor, 'video.details_saved', byEditor)).toBe('you');
    expect(actorOf(seenByEditor, 'post.scheduled', postId)).toBe('you');
    expect(actorOf(seenByEditor, 'post.cancelled', postId)).toBe(ownerName);
    expect(actorOf(seenByEditor, 'video.details_saved', byOwner)).toBe(ownerName);

    // Someone who did none of it is never told "you".
    const seenByReviewer = await trail(reviewer, owner.projectId);
    expect(seenByReviewer.map((e) => e.actor)).not.toContain('you');
    expect(actorOf(seenByReviewer, 'post.cancelled', postId)).toBe(ownerName);

    // A member reads their own account's security events, never the owner's.
    const account = ((await editor.get(`/api/activity?project_id=${owner.projectId}`)).body.events as Line[]).filter(
      (e) => e.subject.kind === 'account',
    );
    expect(account.length).toBeGreaterThan(0);
    expect(account.every((e) => e.subject.id === String(editorUser.user.id))).toBe(true);

    // A webhook tells the person's name.
    const event = await server.ctx.db
      .selectFrom('activity_events')
      .selectAll()
      .where('project_id', '=', owner.projectId)
      .where('type', '=', 'video.details_saved')
      .where('subject_id', '=', String(byEditor))
      .executeTakeFirstOrThrow();
    expect(event.actor_id).toBe(editorUser.user.id);
    const rule = {
      id: 1,
      user_id: owner.userId,
      project_id: owner.projectId,
      name: 'Tell the CMS',
      trigger: 'video.details_saved',
    } as SealedRuleRow;
    const body = JSON.parse(
      await buildWebhookBody(server.ctx, rule, event, (await loadRuleSubject(server.ctx.db, event))!),
    );
    expect(body.event.actor).toBe('Eddie Editor');
  });
});
