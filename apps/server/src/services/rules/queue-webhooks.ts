import type { AppContext } from '../../context';
import type { ActivityEventRow } from '../../db/activity.schema';
import type { RuleRunRow, RunDelivery } from '../../db/rules.schema';
import { startRunDeliveries } from '../../repositories/rules.repository';
import type { RuleSubject } from './rule-subject';
import { buildWebhookBody } from './webhook-body';
import type { SealedRuleRow } from './webhook-secrets';

/**
 * Hands the run's webhooks to their own `webhooks.deliver` jobs, first try included: the dispatcher, which
 * serves every project, never waits on a receiver. The body is kept with the run first, so that every try
 * sends the same bytes. Returns what the run says of them ("webhook to host queued").
 */
export async function queueWebhooks(
  ctx: AppContext,
  rule: SealedRuleRow,
  run: RuleRunRow,
  event: ActivityEventRow,
  subject: RuleSubject,
): Promise<string[]> {
  const webhooks = rule.actions.flatMap((action, index) => (action.type === 'webhook' ? [{ action, index }] : []));
  if (webhooks.length === 0) return [];
  const queued = (url: string) => `webhook to ${new URL(url).host} queued`;
  const deliveries: Record<string, RunDelivery> = Object.fromEntries(
    webhooks.map(({ action, index }) => [action.id, { index, state: 'queued', text: queued(action.url) }]),
  );
  await startRunDeliveries(ctx.db, run.id, await buildWebhookBody(ctx, rule, event, subject), deliveries);
  const firstTryAt = Date.now();
  await ctx.jobs.sendMany(
    'webhooks.deliver',
    webhooks.map(({ action, index }) => ({
      payload: { runId: run.id, actionId: action.id, actionIndex: index, attempt: 1, firstTryAt },
    })),
  );
  return webhooks.map(({ action }) => queued(action.url));
}
