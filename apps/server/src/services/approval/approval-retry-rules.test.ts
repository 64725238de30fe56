import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, registerUser, type ApiClient } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { recordUpload } from '../../../test/rule-events';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { ownerWith } from '../../routes/posts/posts-test-support';
import { runPublishJob } from '../publishing/publish-runner';
import {
  postToX,
  publishedWith,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from '../publishing/publishing-test-support';
import { dispatchRules } from '../rules/dispatch-rules';

/** Steps give up after a second; retries back off from a tenth of a second. */
const ENV = { PUBLISH_STEP_TIMEOUT_SECONDS: '1', PUBLISH_RETRY_BASE_MS: '100' };

const kinds = async (as: ApiClient) =>
  ((await as.get('/api/notifications')).body.notifications as { kind: string; postId: number }[]).map((n) => [
    n.kind,
    n.postId,
  ]);

describe('approval for retries and for posts a rule queues', () => {
  let server: TestServer;
  let emulator: { url: string };
  beforeAll(async () => {
    server = await startTestServer(ENV);
    emulator = sandboxEmulator(server);
  });
  beforeEach(() => control.clearFaults(emulator));
  afterAll(() => stopTestServer(server));

  /** A project with X connected that needs approval, and an editor in it. */
  async function team(): Promise<Publisher & { editor: ApiClient; editorId: number }> {
    const who = await publisher(server);
    const editor = await registerUser(server, { fullName: 'Eddie Editor' });
    const added = await who.as.post(`/api/projects/${who.projectId}/members`, {
      email: editor.user.email,
      role: 'editor',
    });
    expect(added.status).toBe(201);
    expect((await who.as.patch(`/api/projects/${who.projectId}`, { needsApproval: true })).status).toBe(200);
    return { ...who, editor: api(server, editor.token), editorId: editor.user.id };
  }

  /** A post the owner publishes now, which X refuses once: failed, with nothing on X. */
  async function failedPost(who: Publisher, caption: string) {
    await control.fault(emulator, { platform: 'x', kind: 'reject', step: 'initialize', message: 'Not now', times: 1 });
    const made = await postToX(who, await uploadedVideo(server, who), caption);
    const post = await settled(who, made.id);
    expect(post.status).toBe('failed');
    return post;
  }

  it("holds an editor's retry for approval; the approval publishes it once; the owner's retry goes at once", async () => {
    const t = await team();
    const caption = uniqueCaption('Retried');
    const post = await failedPost(t, caption);

    const retried = await t.editor.post(`/api/posts/${post.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.post).toMatchObject({ status: 'awaiting_approval', error: null, approvedAt: null });
    expect(await kinds(t.as)).toContainEqual(['approval_requested', post.id]);
    // Its time (now) comes and goes: the runner never takes it (its job, run again, finds nothing due); it
    // waits on, overdue.
    await runPublishJob(server.ctx, post.id);
    await waitUntil(
      async () => (await t.as.get(`/api/posts/${post.id}`)).body.post.error?.code === 'approval_overdue',
      'the retry to be overdue',
    );
    expect((await t.as.get(`/api/posts/${post.id}`)).body.post).toMatchObject({
      status: 'awaiting_approval',
      error: { code: 'approval_overdue' },
    });
    expect(await publishedWith(server, caption)).toEqual([]);

    const approved = await t.as.post(`/api/posts/${post.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await settled(t, post.id)).toMatchObject({ status: 'published', attempts: 2 });
    expect(await publishedWith(server, caption)).toHaveLength(1);

    // The owner in the app retries without approval.
    const own = await failedPost(t, uniqueCaption('Owner retry'));
    const byOwner = await t.as.post(`/api/posts/${own.id}/retry`);
    expect(byOwner.body.post.status).toBe('publishing');
    expect(await settled(t, own.id)).toMatchObject({ status: 'published' });
  }, 60_000);

  it("holds a token's retry for approval, the owner's token too", async () => {
    const t = await team();
    const post = await failedPost(t, uniqueCaption('Token retry'));
    const made = await t.as.post('/api/auth/tokens', { name: 'cli', scopes: ['read', 'write'] });
    expect(made.status).toBe(201);
    const retried = await api(server, made.body.secret).post(`/api/posts/${post.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.post.status).toBe('awaiting_approval');
  }, 60_000);

  it('holds the posts a queue rule makes for approval, and says so in the run', async () => {
    const owner = await ownerWith(server, ['youtube']);
    expect((await owner.as.patch(`/api/projects/${owner.projectId}`, { needsApproval: true })).status).toBe(200);
    const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ platform: 'youtube', weekday, time: '09:00' }));
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, { timezone: 'UTC', slots });
    const rule = await owner.as.post(`/api/projects/${owner.projectId}/rules`, {
      name: 'Queue uploads',
      trigger: 'video.uploaded',
      conditions: [],
      actions: [{ type: 'queue', platforms: ['youtube'] }],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const { video } = await recordUpload(server, owner, 'Ruled upload');
    await dispatchRules(server.ctx);
    let posts: { id: number; status: string }[] = [];
    await waitUntil(async () => {
      posts = (await owner.as.get(`/api/videos/${video.id}/posts`)).body.posts;
      return posts.length > 0;
    }, 'the rule to queue the video');
    expect(posts.map((p) => p.status)).toEqual(['awaiting_approval']);
    const postId = posts[0]!.id;

    const trail = (await owner.as.get(`/api/activity?project_id=${owner.projectId}`)).body.events as {
      type: string;
      actor: string;
      message: string;
    }[];
    expect(trail.find((e) => e.type === 'post.awaiting_approval')).toMatchObject({ actor: 'Fanout' });
    expect(trail.find((e) => e.type === 'post.scheduled')).toMatchObject({ actor: 'Fanout' });
    await waitUntil(
      async () =>
        ((await owner.as.get(`/api/activity?project_id=${owner.projectId}&type=rule.ran`)).body.events as unknown[])
          .length > 0,
      'the run in Activity',
    );
    const ran = (await owner.as.get(`/api/activity?project_id=${owner.projectId}&type=rule.ran`)).body.events[0];
    expect(ran.message).toMatch(/queued \(youtube at .*\), awaiting approval/);
    // Nobody approved it, so its owner is asked too.
    expect(await kinds(owner.as)).toContainEqual(['approval_requested', postId]);

    const approved = await owner.as.post(`/api/posts/${postId}/approve`, {});
    expect(approved.body.post.status).toBe('scheduled');
  });
});
