import type { AppContext } from '../../context';
import type { RunDelivery, StoredWebhookAction } from '../../db/rules.schema';
import { findRule, findRuleRun, recordRunDelivery } from '../../repositories/rules.repository';
import { APP_VERSION } from '../../version';
import { deliverWebhook, type DeliveryResult } from '../webhooks/deliver-webhook';
import { webhookRetryDelay } from '../webhooks/webhook-retry';
import { takeReceiverTurn } from '../webhooks/slow-receivers';
import { recordRuleActivity } from './rule-activity';
import { sealedRule } from './sealed-rule';
import { openWebhookSecret, type SealedRuleRow } from './webhook-secrets';

/** One try of one webhook of one run: the `webhooks.deliver` job. */
export interface WebhookTry {
  runId: number;
  /** The webhook's id in its rule. Jobs queued before webhooks had ids name it by its place only. */
  actionId?: string;
  actionIndex: number;
  /** 1 for the first try. */
  attempt: number;
  /** Epoch ms of the first try: retries stop a day after it. */
  firstTryAt: number;
}

/** The run's webhook this try is for, as the rule is now: by id, or by place for a job from before ids. */
function webhookOf(rule: SealedRuleRow, t: WebhookTry): StoredWebhookAction | undefined {
  const action = t.actionId
    ? rule.actions.find((a) => a.type === 'webhook' && a.id === t.actionId)
    : rule.actions[t.actionIndex];
  return action?.type === 'webhook' ? action : undefined;
}

function deliver(ctx: AppContext, rule: SealedRuleRow, webhook: StoredWebhookAction, body: string, eventId: number) {
  return deliverWebhook({
    url: webhook.url,
    secret: openWebhookSecret(ctx.secretBox, rule.id, webhook),
    body,
    eventId,
    allowPrivate: ctx.config.webhooks.allowPrivate,
    timeoutMs: ctx.config.webhooks.timeoutMs,
    userAgent: `${ctx.config.productName}-Webhooks/${APP_VERSION}`,
  });
}

/** The try, unless its receiver is being left alone for running tries into their deadline (slow-receivers.ts). */
async function tryReceiver(
  ctx: AppContext,
  rule: SealedRuleRow,
  webhook: StoredWebhookAction,
  body: string,
  eventId: number,
): Promise<DeliveryResult> {
  const key = `${rule.project_id} ${new URL(webhook.url).host}`;
  const turn = takeReceiverTurn(ctx.jobs, key, ctx.config.webhooks.timeoutMs);
  if (!turn.go) return { ok: false, reason: turn.reason, retry: true };
  let result: DeliveryResult | undefined;
  try {
    result = await deliver(ctx, rule, webhook, body, eventId);
    return result;
  } finally {
    turn.done(result);
  }
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

/** What the try came to, said for people; `announce`: worth its own line in Activity. */
function tellTry(t: WebhookTry, host: string, result: DeliveryResult, retrying: boolean) {
  const to = `webhook to ${host}`;
  if (result.ok) {
    const text = `${to} delivered${t.attempt > 1 ? ` on try ${t.attempt}` : ''} (HTTP ${result.status})`;
    return { state: 'delivered' as const, text, announce: true };
  }
  if (retrying) {
    // The first failure is told; the tries after it only when they end, delivered or given up.
    const text = `${to} failed${t.attempt > 1 ? ` on try ${t.attempt}` : ''}: ${result.reason}; retrying for a day`;
    return { state: 'retrying' as const, text, announce: t.attempt === 1 };
  }
  const text =
    t.attempt > 1 ? `${to} given up after ${t.attempt} tries: ${result.reason}` : `${to} failed: ${result.reason}`;
  return { state: 'failed' as const, text, announce: true };
}

/**
 * A try of a webhook (the `webhooks.deliver` job), the first one included: each delivery is a job of its own,
 * so a slow receiver holds one job for at most WEBHOOK_TIMEOUT_SECONDS and delays no other delivery. The same
 * body every time, to the webhook as the rule has it now; a rule deleted since, or a webhook taken out of it,
 * ends the tries. Its outcome goes with the run (`webhook_deliveries`) and, when it tells something, to Activity.
 */
export async function deliverWebhookTry(ctx: AppContext, t: WebhookTry): Promise<{ outcome: string }> {
  const run = await findRuleRun(ctx.db, t.runId);
  const found = run && (await findRule(ctx.db, run.rule_id));
  if (!run?.webhook_body || !found) return { outcome: 'gone' };
  const rule = await sealedRule(ctx, found);
  const webhook = webhookOf(rule, t);
  if (!webhook) {
    if (t.actionId) {
      const text = 'webhook not sent: it was taken out of the rule';
      await recordRunDelivery(ctx.db, run.id, t.actionId, { index: t.actionIndex, state: 'failed', text });
    }
    return { outcome: 'gone' };
  }
  const host = new URL(webhook.url).host;
  const result = await tryReceiver(ctx, rule, webhook, run.webhook_body, run.event_id);
  const retrying = await scheduleRetry(ctx, { ...t, actionId: webhook.id }, result);
  const { announce, ...told } = tellTry(t, host, result, retrying);
  const delivery: RunDelivery = { index: t.actionIndex, ...told };
  await ctx.db.transaction().execute(async (trx) => {
    await recordRunDelivery(trx, run.id, webhook.id, delivery);
    if (!announce) return;
    await recordRuleActivity(trx, rule, `Rule “${rule.name}”: ${delivery.text}`, {
      runId: run.id,
      eventId: run.event_id,
      outcome: delivery.state === 'delivered' ? 'succeeded' : 'failed',
    });
  });
  return { outcome: delivery.state };
}
