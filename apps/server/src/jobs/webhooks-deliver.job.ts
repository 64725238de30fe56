import type { AppContext } from '../context';
import { retryWebhook, type WebhookTry } from '../services/rules/rule-webhook';

export function deliverWebhookJob(ctx: AppContext, t: WebhookTry): Promise<void> {
  return retryWebhook(ctx, t);
}
