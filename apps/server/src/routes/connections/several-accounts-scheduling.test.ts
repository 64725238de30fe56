import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPending } from '../../../test/connections';
import { waitUntil } from '../../../test/jobs';
import { recordUpload } from '../../../test/rule-events';
import { authHeaders } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { storePendingConnection } from '../../services/connections/pending-connection';
import { dispatchRules } from '../../services/rules/dispatch-rules';
import { addVideo, inMinutes, ownerWith, ownerWithTwoChannels, type Owner } from '../posts/posts-test-support';

const everyDay = (time: string, connectionIds?: number[]) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    platform: 'youtube',
    weekday,
    time,
    ...(connectionIds && { connectionIds }),
  }));

describe('scheduling to one of several accounts of a platform', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("queues each account into its own slots: a slot naming an account is that account's only", async () => {
    const owner = await ownerWithTwoChannels(server);
    const put = await owner.as.put(`/api/projects/${owner.projectId}/slots`, {
      timezone: 'UTC',
      slots: everyDay('09:00', [owner.second.id]),
    });
    expect(put.status).toBe(200);
    expect(put.body.slots[0]).toMatchObject({ connectionIds: [owner.second.id] });
    const video = await addVideo(server, owner);
    const first = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.first.id }],
      queue: true,
    });
    expect(first).toMatchObject({ status: 409, body: { code: 'no_slots' } });
    const second = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'youtube', connectionId: owner.second.id }],
      queue: true,
    });
    expect(second.status).toBe(201);
    expect(second.body.posts[0].scheduledAt).toMatch(/T09:00:00/);

    // A slot for every account holds a post of each account at the same instant.
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, { timezone: 'UTC', slots: everyDay('10:00') });
    const other = await addVideo(server, owner, { title: 'Both' });
    const both = await owner.as.post(`/api/videos/${other}/posts`, {
      targets: [
        { platform: 'youtube', connectionId: owner.first.id },
        { platform: 'youtube', connectionId: owner.second.id },
      ],
      queue: true,
    });
    expect(both.status).toBe(201);
    expect(new Set(both.body.posts.map((p: { scheduledAt: string }) => p.scheduledAt)).size).toBe(1);

    // A slot names the project's own accounts only.
    const stranger = await ownerWithTwoChannels(server);
    const foreign = await owner.as.put(`/api/projects/${owner.projectId}/slots`, {
      slots: everyDay('11:00', [stranger.first.id]),
    });
    expect(foreign.status).toBe(404);
  });

  it("a queue rule naming the second channel queues an upload on that channel's slot, not on the first", async () => {
    const owner = await ownerWithTwoChannels(server);
    await owner.as.put(`/api/projects/${owner.projectId}/slots`, { timezone: 'UTC', slots: everyDay('09:00') });
    const rule = await owner.as.post(`/api/projects/${owner.projectId}/rules`, {
      name: 'Second channel',
      trigger: 'video.uploaded',
      conditions: [],
      actions: [{ type: 'queue', platforms: ['youtube'], connectionIds: [owner.second.id] }],
    });
    expect(rule.status).toBe(201);
    const { video } = await recordUpload(server, owner, 'Ruled upload');
    await dispatchRules(server.ctx);
    let posts: { connectionId: number; accountName: string; scheduledAt: string }[] = [];
    await waitUntil(async () => {
      posts = (await owner.as.get(`/api/videos/${video.id}/posts`)).body.posts;
      return posts.length > 0;
    }, 'the rule to queue the video');
    expect(posts).toEqual([
      expect.objectContaining({
        connectionId: owner.second.id,
        accountName: 'Second Creator',
        scheduledAt: expect.stringMatching(/T09:00:00/),
      }),
    ]);
  });

  it('bulk-schedules to the accounts named, and needs them named when a platform has several', async () => {
    const owner = await ownerWithTwoChannels(server);
    const videoIds = [await addVideo(server, owner), await addVideo(server, owner, { title: 'Second video' })];
    const unnamed = await owner.as.post('/api/posts/bulk', {
      videoIds,
      platforms: ['youtube'],
      scheduledAt: inMinutes(60),
    });
    expect(unnamed).toMatchObject({ status: 409, body: { code: 'connection_required' } });
    const named = await owner.as.post('/api/posts/bulk', {
      videoIds,
      platforms: ['youtube'],
      connectionIds: [owner.second.id],
      scheduledAt: inMinutes(60),
    });
    expect(named.status).toBe(201);
    expect(named.body.posts.map((p: { accountName: string }) => p.accountName)).toEqual([
      'Second Creator',
      'Second Creator',
    ]);
  });

  it('reads the account of a CSV row from <platform>.connection, by id on the platform or by name', async () => {
    const owner = await ownerWithTwoChannels(server);
    const video = await addVideo(server, owner, { title: 'From a file' });
    const importCsv = async (csv: string) => {
      const res = await fetch(`${server.url}/api/posts/import?project_id=${owner.projectId}&dry_run=true`, {
        method: 'POST',
        headers: { ...authHeaders(owner.token), 'content-type': 'text/csv' },
        body: csv,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: (await res.json()) as any };
    };
    const at = inMinutes(120);
    const unnamed = await importCsv(`video_id,platforms,scheduled_at\n${video},youtube,${at}`);
    expect(unnamed.body.rows[0].violations).toEqual([
      expect.objectContaining({ platform: 'youtube', rule: 'connection_required' }),
    ]);
    const named = await importCsv(
      `video_id,platforms,scheduled_at,youtube.connection\n${video},youtube,${at},Second Creator\n` +
        `${video},youtube,${at},${owner.first.accountId}`,
    );
    expect(named.status).toBe(200);
    expect(named.body.rows.map((r: { posts: { connectionId: number }[] }) => r.posts[0]!.connectionId)).toEqual([
      owner.second.id,
      owner.first.id,
    ]);
  });

  it('connects the Facebook Pages the person chooses from the grant, each a connection of its own', async () => {
    const owner: Owner = await ownerWith(server, []);
    const page = (id: string, name: string) => ({
      tokens: { accessToken: `page-token-${id}`, scopes: ['pages_manage_posts'] },
      profile: { accountId: id, name, avatarUrl: null, extra: { pageId: id } },
    });
    const grant = { accounts: [page('p1', 'Bakery'), page('p2', 'Bike shop'), page('p3', 'Choir')], sandbox: true };
    const binding = { userId: owner.userId, projectId: owner.projectId, platform: 'facebook' as const };
    const id = await storePendingConnection(server.ctx, binding, grant);

    const choices = await owner.as.get(`/api/connections/pending/${id}`);
    expect(choices.status).toBe(200);
    expect(choices.body.accounts.map((a: { accountName: string }) => a.accountName)).toEqual([
      'Bakery',
      'Bike shop',
      'Choir',
    ]);
    // Several Pages and no choice: nothing connected, the grant still pending.
    expect(await confirmPending(server, owner.token, id)).toMatchObject({
      status: 409,
      body: { code: 'choose_accounts' },
    });
    const unknown = await owner.as.post(`/api/connections/pending/${id}/confirm`, { accountIds: ['p9'] });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'unknown_account' } });
    const chosen = await owner.as.post(`/api/connections/pending/${id}/confirm`, { accountIds: ['p1', 'p3'] });
    expect(chosen.status).toBe(200);
    expect(chosen.body.connections.map((c: { accountName: string }) => c.accountName)).toEqual(['Bakery', 'Choir']);
    const listed = await owner.as.get(`/api/connections?project_id=${owner.projectId}`);
    expect(listed.body.connections.map((c: { accountId: string }) => c.accountId).sort()).toEqual(['p1', 'p3']);
  });
});
