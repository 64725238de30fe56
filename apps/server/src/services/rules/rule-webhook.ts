import type { RuleAction } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { findRule, findRuleRun } from '../../repositories/rules.repository';
import { APP_VERSION } from '../../version';
import { recordActivity } from '../activity/record-activity';
import { deliverWebhook, type DeliveryResult } from '../webhooks/deliver-webhook';
import { webhookRetryDelay } from '../webhooks/webhook-retry';
import type { ActionRun } from './action-run';

type Webhook = Extract<RuleAction, { type: 'webhook' }>;

export interface WebhookTry {
  runId: number;
  actionIndex: number;
  /** 1 for the first try. */
  attempt: number;
  /** Epoch ms of the first try: retries stop a day after it. */
  firstTryAt: number;
}

function deliver(ctx: AppContext, webhook: Webhook, body: string, eventId: number): Promise<DeliveryResult> {
  return deliverWebhook({
    url: webhook.url,
    secret: webhook.secret,
    body,
    eventId,
    allowPrivate: ctx.config.webhooks.allowPrivate,
    userAgent: `${ctx.config.productName}-Webhooks/${APP_VERSION}`,
  });
}

/** Queues the next try, or says there is none. */
async function scheduleRetry(ctx: AppContext, t: WebhookTry, result: DeliveryResult): Promise<boolean> {
  if (result.ok || !result.retry) return false;
  const now = Date.now();
  const wait = webhookRetryDelay(t.attempt, t.firstTryAt, now);
  if (wait === undefined) return false;
  await ctx.jobs.send('webhooks.deliver', { ...t, attempt: t.attempt + 1 }, { startAfter: new Date(now + wait) });
  return true;
}

/** The first try happens within the run, so its outcome is the run's; a failure goes on as a retry job. */
export async function firstWebhookTry(
  ctx: AppContext,
  a: ActionRun,
  webhook: Webhook,
): Promise<{ ok: boolean; text: string }> {
  const host = new URL(webhook.url).host;
  const result = await deliver(ctx, webhook, a.webhookBody, a.event.id);
  if (result.ok) return { ok: true, text: `webhook to ${host} delivered (HTTP ${result.status})` };
  const retrying = await scheduleRetry(
    ctx,
    { runId: a.run.id, actionIndex: a.index, attempt: 1, firstTryAt: Date.now() },
    result,
  );
  return { ok: false, text: `webhook to ${host} failed: ${result.reason}${retrying ? '; retrying for a day' : ''}` };
}

/**
 * A later try (the `webhooks.deliver` job): the same body as the first, to the rule's webhook as it is now. Its
 * end, delivered or given up, goes to Activity; a rule deleted or changed since then ends the tries quietly.
 */
export async function retryWebhook(ctx: AppContext, t: WebhookTry): Promise<void> {
  const run = await findRuleRun(ctx.db, t.runId);
  const rule = run && (await findRule(ctx.db, run.rule_id));
  const webhook = rule?.actions[t.actionIndex];
  if (!run?.webhook_body || !rule || webhook?.type !== 'webhook') return;
  const result = await deliver(ctx, webhook, run.webhook_body, run.event_id);
  if (!result.ok && (await scheduleRetry(ctx, t, result))) return;
  const host = new URL(webhook.url).host;
  await recordActivity(ctx.db, {
    userId: rule.user_id,
    projectId: rule.project_id,
    type: 'rule.ran',
    actor: 'Fanout',
    subject: { kind: 'rule', id: rule.id, title: rule.name },
    message: result.ok
      ? `Rule “${rule.name}”: webhook to ${host} delivered on try ${t.attempt} (HTTP ${result.status})`
      : `Rule “${rule.name}”: webhook to ${host} given up after ${t.attempt} tries: ${result.reason}`,
    link: '/project-settings#rules',
    data: { byRule: rule.id, runId: run.id, eventId: run.event_id, outcome: result.ok ? 'succeeded' : 'failed' },
  });
}
