import type { Rule } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import { waitForJob, waitUntil } from '../../../test/jobs';
import { recordUpload } from '../../../test/rule-events';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { startWebhookReceiver, type ReceivedWebhook } from '../../../test/webhook-receiver';
import { verifyWebhookSignature } from '../webhooks/webhook-signature';
import { jobIdFor } from '../../jobs/define-job';
import { dispatchRules } from './dispatch-rules';
import { deliverWebhookTry } from './rule-webhook';

describe('rules.dispatch', () => {
  let server: TestServer;
  let owner: ApiClient;
  let userId: number;
  let projectId: number;
  let receiver: { close(): Promise<void> };
  let hookUrl: string;
  let received: ReceivedWebhook[];

  beforeAll(async () => {
    // The flaky receiver fails its first call and takes the next.
    const started = await startWebhookReceiver((r) =>
      r.path === '/flaky' && started.received.filter((x) => x.path === '/flaky').length === 1 ? 503 : 200,
    );
    ({ received } = started);
    receiver = started;
    hookUrl = `${started.url}/hook`;
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const a = await registerUser(server);
    userId = a.user.id;
    owner = api(server, a.token);
    projectId = (await createProject(server, a.token)).id;
  });
  afterAll(async () => {
    await stopTestServer(server);
    await receiver.close();
  });

  const uploadEvent = (title: string) => recordUpload(server, { userId, projectId }, title);

  const ruleTrail = (ruleId: number) =>
    server.ctx.db
      .selectFrom('activity_events')
      .selectAll()
      .where('type', '=', 'rule.ran')
      .where('subject_id', '=', String(ruleId))
      .orderBy('id')
      .execute();

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
    await waitUntil(async () => (await ruleTrail(body.rule.id)).length === 2, 'the delivery to be told');
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
    // The run is told, then its webhook's delivery (a job of its own), both under the rule.
    const trail = await ruleTrail(body.rule.id);
    expect(trail.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^Rule “Promo” ran on “Summer promo”: template applied; webhook to 127\.0\.0\.1:\d+ queued$/,
      ),
      expect.stringMatching(/^Rule “Promo”: webhook to 127\.0\.0\.1:\d+ delivered \(HTTP 200\)$/),
    ]);
    expect(trail[0]).toMatchObject({ subject_kind: 'rule', subject_id: String(body.rule.id), subject_title: 'Promo' });
    const listed = await owner.get<{ rules: Rule[] }>(`/api/projects/${projectId}/rules`);
    expect(listed.body.rules[0]!.recentRuns).toMatchObject([
      {
        eventId: event.id,
        outcome: 'succeeded',
        reason: expect.stringMatching(/^template applied; webhook to 127\.0\.0\.1:\d+ delivered \(HTTP 200\)$/),
      },
    ]);
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
    const webhookId = (body.rule.actions[0] as { id: string }).id;
    await uploadEvent('Flaky one');
    await dispatchRules(server.ctx);
    const [run] = await endedRuns(body.rule.id, 1);
    await waitUntil(async () => (await ruleTrail(body.rule.id)).length === 2, 'the first try to be told');
    const listed = await owner.get<{ rules: Rule[] }>(`/api/projects/${projectId}/rules`);
    expect(listed.body.rules.find((r) => r.id === body.rule.id)!.recentRuns[0]).toMatchObject({
      outcome: 'failed',
      reason: expect.stringMatching(/^webhook to 127\.0\.0\.1:\d+ failed: answered HTTP 503; retrying for a day$/),
    });
    // The next try waits 30 s or more as a job of its own; run it now instead of waiting.
    const runId = Number(run!.id);
    expect(
      await server.ctx.jobs.state('webhooks.deliver', jobIdFor('webhooks.deliver', `webhook:${runId}:0:2`)),
    ).toMatchObject({ state: 'created' });
    await deliverWebhookTry(server.ctx, {
      runId,
      actionId: webhookId,
      actionIndex: 0,
      attempt: 2,
      firstTryAt: Date.now(),
    });
    const flaky = received.filter((r) => r.path === '/flaky');
    expect(flaky).toHaveLength(2);
    expect(flaky[1]!.body).toBe(flaky[0]!.body);
    expect(
      verifyWebhookSignature(flaky[1]!.body, 'webhook-secret', flaky[1]!.headers['x-fanout-signature'] as string),
    ).toBe(true);
    const trail = await ruleTrail(body.rule.id);
    expect(trail.map((e) => e.message)).toEqual([
      expect.stringContaining('ran on “Flaky one”: webhook to'),
      expect.stringMatching(/webhook to 127\.0\.0\.1:\d+ failed: answered HTTP 503; retrying for a day$/),
      expect.stringMatching(/webhook to 127\.0\.0\.1:\d+ delivered on try 2 \(HTTP 200\)$/),
    ]);
    const after = await owner.get<{ rules: Rule[] }>(`/api/projects/${projectId}/rules`);
    expect(after.body.rules.find((r) => r.id === body.rule.id)!.recentRuns[0]).toMatchObject({
      outcome: 'succeeded',
      reason: expect.stringMatching(/delivered on try 2 \(HTTP 200\)$/),
    });

    // A try queued by the previous version names its webhook by place only, and still runs after an upgrade.
    const job = await server.ctx.jobs.send('webhooks.deliver', {
      runId,
      actionIndex: 0,
      attempt: 3,
      firstTryAt: Date.now(),
    });
    expect(await waitForJob(server.ctx.jobs, 'webhooks.deliver', job!)).toMatchObject({
      state: 'completed',
      output: { outcome: 'delivered' },
    });
    expect(received.filter((r) => r.path === '/flaky')).toHaveLength(3);
  });
});
