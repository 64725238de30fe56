import type { Rule, RuleList } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { recordUpload } from '../../../test/rule-events';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { verifyWebhookSignature } from '../webhooks/webhook-signature';

describe('webhook secrets kept before they were sealed', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let hookUrl: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    hookUrl = receiver.url;
  });
  afterAll(async () => {
    await stopTestServer(server);
    await receiver.close();
  });

  /** The first delivery to `path`: its body and signature. */
  const delivered = async (path: string) => {
    await waitUntil(() => receiver.received.some((d) => d.path === path), `a delivery to ${path}`);
    const d = receiver.received.find((r) => r.path === path)!;
    return { body: d.body, signature: String(d.headers['x-fanout-signature']) };
  };

  it('are sealed at start-up, never shown, and still sign; a PATCH keeps or replaces them', async () => {
    const env = { WEBHOOK_ALLOW_PRIVATE: 'true' };
    server = await startTestServer(env);
    const who = await registerUser(server);
    const project = await createProject(server, who.token);
    // A rule as the previous version stored it: the secret in plain text, the webhook without an id.
    const { id } = await server.ctx.db
      .insertInto('automation_rules')
      .values({
        user_id: who.user.id,
        project_id: project.id,
        name: 'Old rule',
        trigger: 'video.uploaded',
        actions: JSON.stringify([{ type: 'webhook', url: `${hookUrl}/old`, secret: 'legacy-secret' }]),
        created_at: new Date(Date.now() - 60_000),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The upgrade: the server starts again on the same data.
    await server.close();
    server = await startTestServer(env, { dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    const stored = await server.ctx.db
      .selectFrom('automation_rules')
      .select('actions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.actions)).not.toContain('legacy-secret');
    expect(stored.actions).toEqual([
      { type: 'webhook', id: expect.any(String), url: `${hookUrl}/old`, secretSealed: expect.stringMatching(/^v1:/) },
    ]);

    const owner = api(server, who.token);
    const listed = await owner.get<RuleList>(`/api/projects/${project.id}/rules`);
    expect(JSON.stringify(listed.body)).not.toContain('legacy-secret');
    const [webhook] = listed.body.rules[0]!.actions as { id: string; url: string; secretSet: true }[];
    expect(webhook).toEqual({ type: 'webhook', id: expect.any(String), url: `${hookUrl}/old`, secretSet: true });

    const userId = who.user.id;
    await recordUpload(server, { userId, projectId: project.id }, 'First');
    const first = await delivered('/old');
    expect(verifyWebhookSignature(first.body, 'legacy-secret', first.signature)).toBe(true);

    // Sent back with its id and no secret: the secret is kept, also for a new address.
    const kept = await owner.patch<{ rule: Rule }>(`/api/rules/${id}`, {
      actions: [{ type: 'webhook', id: webhook!.id, url: `${hookUrl}/moved` }],
    });
    expect(kept.status).toBe(200);
    await recordUpload(server, { userId, projectId: project.id }, 'Second');
    const second = await delivered('/moved');
    expect(verifyWebhookSignature(second.body, 'legacy-secret', second.signature)).toBe(true);

    // With a new secret: deliveries are signed with it, no longer with the old one.
    await owner.patch(`/api/rules/${id}`, {
      actions: [{ type: 'webhook', id: webhook!.id, url: `${hookUrl}/replaced`, secret: 'rotated-secret' }],
    });
    await recordUpload(server, { userId, projectId: project.id }, 'Third');
    const third = await delivered('/replaced');
    expect(verifyWebhookSignature(third.body, 'rotated-secret', third.signature)).toBe(true);
    expect(verifyWebhookSignature(third.body, 'legacy-secret', third.signature)).toBe(false);
  });
});
