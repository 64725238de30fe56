import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { syncProjectNow } from '../../services/analytics/sync-now';
import {
  postToX,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from '../../services/publishing/publishing-test-support';

/** "Sync now" costs up to 500 platform calls, from quotas every user of the app shares: one at a time, 6 a minute. */
describe('POST /api/analytics/sync: one run at a time per project, at most 6 a minute', () => {
  let server: TestServer;
  let owner: Publisher;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await publisher(server);
    const video = await uploadedVideo(server, owner);
    const post = await postToX(owner, video, uniqueCaption('Sync'));
    expect((await settled(owner, post.id)).status).toBe('published');
  });
  afterAll(() => stopTestServer(server));

  const sync = (who: Publisher, projectId = who.projectId) =>
    who.as.post('/api/analytics/sync', { project_id: projectId });
  const samples = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('post_metric_samples')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('project_id', '=', owner.projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const held = async () =>
    ((await (await fetch(`${sandboxEmulator(server).url}/_control/held`)).json()) as { items: object[] }).items;

  it('lets a second call join the running sync, from this process or another, and get its answer', async () => {
    const before = await samples();
    // X holds the figures' answer for a while: the first sync is still running when the others arrive.
    await control.fault(sandboxEmulator(server), { platform: 'x', kind: 'hang_after', step: 'metrics', delayMs: 4000 });
    const first = sync(owner);
    await waitUntil(async () => (await held()).length === 1, 'the platform call to be held');
    const second = sync(owner);
    // Another API process on the same database: a context of its own (its own runs in progress), the same rows.
    const otherProcess = { ...server.ctx };
    const fromThere = syncProjectNow(otherProcess, (await owner.as.get('/api/auth/me')).body.user.id, owner.projectId);
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(await fromThere).toEqual(answers[0]!.body);
    expect(answers[0]!.body).toMatchObject({ synced: 1, failed: 0 });
    // One run: the post was read once, and it counts once towards the minute's six.
    expect(await samples()).toBe(before + 1);
  });

  it('refuses a seventh run in a minute with 429 and Retry-After; a stranger can neither use nor spend the budget', async () => {
    const project = await publisher(server);
    const stranger = await publisher(server);
    for (let i = 0; i < 8; i++) {
      expect(await sync(stranger, project.projectId)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    }
    for (let i = 0; i < 6; i++) expect((await sync(project)).status).toBe(200);
    const refused = await sync(project);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: expect.stringMatching(/^This project was synced 6 times in the last minute; try again in \d+ s\.$/),
      code: 'too_many_syncs',
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.error).toContain(`try again in ${wait} s.`);
    // Each project has its own minute.
    expect((await sync(stranger)).status).toBe(200);
  });
});
