import type { AppContext } from '../context';
import { deliverWebhookTry, type WebhookTry } from '../services/rules/rule-webhook';

export function deliverWebhookJob(ctx: AppContext, t: WebhookTry): Promise<{ outcome: string }> {
  return deliverWebhookTry(ctx, t);
}
