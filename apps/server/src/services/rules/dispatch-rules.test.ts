import type { Rule } from '@fanout/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, insertVideoRow, registerUser, type ApiClient } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { recordActivity } from '../activity/record-activity';
import { verifyWebhookSignature } from '../webhooks/webhook-signature';
import { jobIdFor } from '../../jobs/define-job';
import { dispatchRules } from './dispatch-rules';
import { retryWebhook } from './rule-webhook';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('rules.dispatch', () => {
  let server: TestServer;
  let owner: ApiClient;
  let userId: number;
  let projectId: number;
  let receiver: http.Server;
  let hookUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        // The flaky receiver fails its first call and takes the next.
        if (req.url === '/flaky' && received.filter((r) => r.url === '/flaky').length === 1) res.writeHead(503).end();
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const a = await registerUser(server);
    userId = a.user.id;
    owner = api(server, a.token);
    projectId = (await createProject(server, a.token)).id;
  });
  afterAll(async () => {
    await stopTestServer(server);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  async function uploadEvent(title: string) {
    await insertVideoRow(server, { userId, projectId });
    const video = await server.ctx.db
      .updateTable('videos')
      .set({ title, duration_seconds: 30 })
      .where('project_id', '=', projectId)
      .where('title', '=', 'A video')
      .returningAll()
      .executeTakeFirstOrThrow();
    const event = await recordActivity(server.ctx.db, {
      userId,
      projectId,
      type: 'video.uploaded',
      actor: 'you',
      subject: { kind: 'video', id: video.id, title },
      message: `Uploaded “${title}”`,
      link: `/video/${video.id}`,
    });
    return { video, event };
  }

  const ruleRuns = (ruleId: number) =>
    server.ctx.db.selectFrom('rule_runs').selectAll().where('rule_id', '=', ruleId).execute();

  /** The rule's runs once `count` of them have ended (the worker's own wake-up may be running one right now). */
  async function endedRuns(ruleId: number, count: number) {
    await waitUntil(async () => {
      const runs = await ruleRuns(ruleId);
      return runs.length === count && runs.every((r) => r.outcome !== 'running');
    }, `${count} ended runs`);
    return ruleRuns(ruleId);
  }

  it('runs a rule once per event, however often the event is dispatched', async () => {
    const { body } = await owner.post<{ rule: Rule }>(`/api/projects/${projectId}/rules`, {
      name: 'Promo',
      trigger: 'video.uploaded',
      conditions: [
        { field: 'title', op: 'contains', value: 'promo' },
        { field: 'duration', op: 'lt', value: 60 },
      ],
      actions: [
        { type: 'apply_template', description: '{title}, now on sale', tags: ['sale'] },
        { type: 'webhook', url: hookUrl, secret: 'webhook-secret' },
      ],
    });
    const { video, event } = await uploadEvent('Summer promo');

    // The worker's own wake-up (the event's commit notifies fanout_changes) and two more dispatches at once.
    await Promise.all([dispatchRules(server.ctx), dispatchRules(server.ctx)]);
    await waitUntil(async () => (await ruleRuns(body.rule.id))[0]?.outcome === 'succeeded', 'the run to end');
    await dispatchRules(server.ctx);

    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook!.headers['x-fanout-event-id']).toBe(String(event.id));
    expect(verifyWebhookSignature(hook!.body, 'webhook-secret', hook!.headers['x-fanout-signature'] as string)).toBe(
      true,
    );
    expect(JSON.parse(hook!.body)).toMatchObject({
      event: { id: event.id, type: 'video.uploaded' },
      rule: { id: body.rule.id, name: 'Promo' },
      project: { id: projectId, name: 'Test Project' },
      subject: { kind: 'video', id: video.id, title: 'Summer promo' },
    });
    const after = await server.ctx.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ description: 'Summer promo, now on sale', tags: ['sale'] });

    const runs = await ruleRuns(body.rule.id);
    expect(runs).toHaveLength(1);
    const trail = await server.ctx.db
      .selectFrom('activity_events')
      .selectAll()
      .where('type', '=', 'rule.ran')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ subject_kind: 'rule', subject_id: String(body.rule.id), subject_title: 'Promo' });
    expect(trail[0]!.message).toContain('delivered (HTTP 200)');
    const listed = await owner.get<{ rules: Rule[] }>(`/api/projects/${projectId}/rules`);
    expect(listed.body.rules[0]!.recentRuns).toMatchObject([{ eventId: event.id, outcome: 'succeeded' }]);
  });

  it('skips an event its conditions do not match, quietly, and reports a failed action with its reason', async () => {
    received.length = 0;
    const { body } = await owner.post<{ rule: Rule }>(`/api/projects/${projectId}/rules`, {
      name: 'Queue long ones',
      trigger: 'video.uploaded',
      conditions: [{ field: 'title', op: 'contains', value: 'long' }],
      actions: [{ type: 'queue', platforms: ['youtube'] }],
    });
    await uploadEvent('A short one');
    const { event } = await uploadEvent('A long one');
    await dispatchRules(server.ctx);
    const runs = await endedRuns(body.rule.id, 2);
    expect(runs.map((r) => r.outcome).sort()).toEqual(['failed', 'skipped']);
    const failed = runs.find((r) => r.outcome === 'failed')!;
    expect(Number(failed.event_id)).toBe(event.id);
    expect(failed.reason).toMatch(/^queue failed: /);
    const trail = await server.ctx.db
      .selectFrom('activity_events')
      .selectAll()
      .where('type', '=', 'rule.ran')
      .where('subject_id', '=', String(body.rule.id))
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.message).toContain('failed on “A long one”: queue failed');
  });
  it('runs within moments of the event, woken by its commit, without being asked', async () => {
    received.length = 0;
    const { body } = await owner.post<{ rule: Rule }>(`/api/projects/${projectId}/rules`, {
      name: 'Ping',
      trigger: 'video.uploaded',
      conditions: [{ field: 'title', op: 'equals', value: 'ping me' }],
      actions: [{ type: 'webhook', url: hookUrl, secret: 'webhook-secret' }],
    });
    const { event } = await uploadEvent('Ping me');
    await waitUntil(() => received.length > 0, 'the webhook');
    expect(received[0]!.headers['x-fanout-event-id']).toBe(String(event.id));
    await waitUntil(async () => (await ruleRuns(body.rule.id))[0]?.outcome === 'succeeded', 'the run to end');
  });
  it('tries a failed webhook again later with the same signed body, and says when it got through', async () => {
    received.length = 0;
    const flakyUrl = hookUrl.replace('/hook', '/flaky');
    const { body } = await owner.post<{ rule: Rule }>(`/api/projects/${projectId}/rules`, {
      name: 'Flaky',
      trigger: 'video.uploaded',
      conditions: [{ field: 'title', op: 'equals', value: 'flaky one' }],
      actions: [{ type: 'webhook', url: flakyUrl, secret: 'webhook-secret' }],
    });
    await uploadEvent('Flaky one');
    await dispatchRules(server.ctx);
    const [run] = await endedRuns(body.rule.id, 1);
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run!.reason).toMatch(/webhook to 127\.0\.0\.1:\d+ failed: answered HTTP 503; retrying for a day/);
    // The next try waits 30 s or more as a job of its own; run it now instead of waiting.
    const next = { runId: Number(run!.id), actionIndex: 0, attempt: 2, firstTryAt: Date.now() };
    expect(
      await server.ctx.jobs.state('webhooks.deliver', jobIdFor('webhooks.deliver', `webhook:${next.runId}:0:2`)),
    ).toMatchObject({
      state: 'created',
    });
    await retryWebhook(server.ctx, next);
    const flaky = received.filter((r) => r.url === '/flaky');
    expect(flaky).toHaveLength(2);
    expect(flaky[1]!.body).toBe(flaky[0]!.body);
    expect(
      verifyWebhookSignature(flaky[1]!.body, 'webhook-secret', flaky[1]!.headers['x-fanout-signature'] as string),
    ).toBe(true);
    const trail = await server.ctx.db
      .selectFrom('activity_events')
      .selectAll()
      .where('type', '=', 'rule.ran')
      .where('subject_id', '=', String(body.rule.id))
      .orderBy('id')
      .execute();
    expect(trail.map((e) => e.message)).toEqual([
      expect.stringContaining('failed on “Flaky one”: webhook to'),
      expect.stringMatching(/webhook to 127\.0\.0\.1:\d+ delivered on try 2 \(HTTP 200\)/),
    ]);
  });
});
