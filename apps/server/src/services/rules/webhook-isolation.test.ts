import type { ActivityList, Rule, RuleList } from '@fanout/contracts';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { recordUpload } from '../../../test/rule-events';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { jobIdFor } from '../../jobs/define-job';

interface Tenant {
  client: ApiClient;
  userId: number;
  projectId: number;
}

/** Two people, each with a project and a rule that calls a webhook: one receiver slow, the other quick. */
describe('a slow webhook receiver', () => {
  let server: TestServer;
  let slow: net.Server;
  let quick: WebhookReceiver;
  const slowSockets = new Set<net.Socket>();
  let slowConnections = 0;
  let slowTenant: Tenant;
  let quickTenant: Tenant;

  async function tenant(url: string): Promise<Tenant> {
    const who = await registerUser(server);
    const projectId = (await createProject(server, who.token)).id;
    const client = api(server, who.token);
    const made = await client.post<{ rule: Rule }>(`/api/projects/${projectId}/rules`, {
      name: 'Tell the team',
      trigger: 'video.uploaded',
      conditions: [],
      actions: [{ type: 'webhook', url, secret: 'a-long-secret' }],
    });
    expect(made.status).toBe(201);
    return { client, userId: who.user.id, projectId };
  }

  const runsOf = async (t: Tenant) =>
    (await t.client.get<RuleList>(`/api/projects/${t.projectId}/rules`)).body.rules[0]!.recentRuns;

  beforeAll(async () => {
    // Takes the request, then answers a byte every 100 ms and never finishes the headers: every byte would reset
    // a socket timeout.
    slow = net.createServer((socket) => {
      slowConnections++;
      slowSockets.add(socket);
      socket.on('close', () => slowSockets.delete(socket));
      socket.on('error', () => {});
      socket.resume();
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      const drip = setInterval(() => socket.write('a'), 100);
      socket.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    quick = await startWebhookReceiver(() => 204);
    // A short deadline, so the slow try ends within the test; it is still far longer than a quick delivery takes.
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '4' });
    slowTenant = await tenant(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`);
    quickTenant = await tenant(`${quick.url}/quick`);
  });

  afterAll(async () => {
    await stopTestServer(server);
    for (const socket of slowSockets) socket.destroy();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    await quick.close();
  });

  it("delays no other project's rules, and its own try ends at the deadline and is retried", async () => {
    await recordUpload(server, slowTenant, 'Slow one');
    await waitUntil(() => slowConnections === 1, 'the slow receiver to be called');

    // While that delivery is stuck, another project's rule runs and its webhook is delivered.
    await recordUpload(server, quickTenant, 'Quick one');
    await waitUntil(() => quick.received.length === 1, "the other project's webhook");
    // The receiver has the request before the delivery has its answer and records it: wait for the record.
    await waitUntil(async () => (await runsOf(quickTenant))[0]?.outcome !== 'running', "the other run's outcome");
    expect(slowSockets.size).toBe(1);
    expect(await runsOf(quickTenant)).toMatchObject([
      { outcome: 'succeeded', reason: expect.stringMatching(/^webhook to 127\.0\.0\.1:\d+ delivered \(HTTP 204\)$/) },
    ]);
    expect(await runsOf(slowTenant)).toMatchObject([
      { outcome: 'running', reason: expect.stringMatching(/^webhook to 127\.0\.0\.1:\d+ queued$/) },
    ]);

    // The slow try ends at its deadline, fails as the retry policy says, and the next try is queued.
    await waitUntil(async () => (await runsOf(slowTenant))[0]!.outcome === 'failed', 'the slow try to end');
    const [run] = await runsOf(slowTenant);
    expect(run!.reason).toMatch(/^webhook to 127\.0\.0\.1:\d+ failed: no answer within 4 s; retrying for a day$/);
    expect(slowSockets.size).toBe(0);
    expect(
      await server.ctx.jobs.state('webhooks.deliver', jobIdFor('webhooks.deliver', `webhook:${run!.id}:0:2`)),
    ).toMatchObject({ state: 'created' });
    const trail = await slowTenant.client.get<ActivityList>(
      `/api/activity?project_id=${slowTenant.projectId}&type=rule.ran`,
    );
    expect(trail.body.events.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^Rule “Tell the team”: webhook to 127\.0\.0\.1:\d+ failed: no answer within 4 s; retrying/,
      ),
      expect.stringMatching(/^Rule “Tell the team” ran on “Slow one”: webhook to 127\.0\.0\.1:\d+ queued$/),
    ]);
  });

  it('is left alone for a while after that: further tries fail at once, without holding a delivery slot', async () => {
    await recordUpload(server, slowTenant, 'Slow two');
    await waitUntil(
      async () => (await runsOf(slowTenant)).length === 2 && (await runsOf(slowTenant))[0]!.outcome === 'failed',
      'the second run to fail',
    );
    const [run] = await runsOf(slowTenant);
    expect(run!.reason).toMatch(
      /^webhook to 127\.0\.0\.1:\d+ failed: not sent: the receiver's last try had no answer within 4 s; retrying for a day$/,
    );
    expect(slowConnections).toBe(1);
    // The other project's webhooks go on as before.
    await recordUpload(server, quickTenant, 'Quick two');
    await waitUntil(() => quick.received.length === 2, "the other project's second webhook");
  });
});
