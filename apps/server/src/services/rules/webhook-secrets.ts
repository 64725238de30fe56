import { randomUUID } from 'node:crypto';
import type { RuleActionInput } from '@fanout/contracts';
import type {
  AutomationRuleRow,
  PlainWebhookAction,
  StoredRuleAction,
  StoredWebhookAction,
} from '../../db/rules.schema';
import { badRequest } from '../../http/errors';
import type { SecretBox } from '../secret-box.service';

/** A rule row whose webhook secrets are all sealed: what every reader past sealedRule() gets. */
export type SealedRuleRow = Omit<AutomationRuleRow, 'actions'> & { actions: StoredRuleAction[] };

/** Whose secret it is: a sealed value copied to another rule or another of its webhooks will not open. */
const context = (ruleId: number, actionId: string) => `automation-rule-webhook:${JSON.stringify([ruleId, actionId])}`;

export function sealWebhookSecret(box: SecretBox, ruleId: number, actionId: string, secret: string): string {
  return box.encrypt(secret, context(ruleId, actionId));
}

/** The secret a delivery signs with. Never log it or answer it. */
export function openWebhookSecret(box: SecretBox, ruleId: number, action: StoredWebhookAction): string {
  return box.decrypt(action.secretSealed, context(ruleId, action.id));
}

const isPlain = (a: AutomationRuleRow['actions'][number]): a is PlainWebhookAction =>
  a.type === 'webhook' && 'secret' in a;

export function hasPlainSecrets(row: AutomationRuleRow): boolean {
  return row.actions.some(isPlain);
}

/** The row's actions with every plain-text secret (stored before 0025) sealed, each webhook with an id. */
export function sealPlainSecrets(box: SecretBox, row: AutomationRuleRow): StoredRuleAction[] {
  return row.actions.map((a) => {
    if (!isPlain(a)) return a;
    const id = a.id ?? randomUUID();
    return { type: 'webhook', id, url: a.url, secretSealed: sealWebhookSecret(box, row.id, id, a.secret) };
  });
}

/**
 * Actions as sent → as stored. A webhook that names one of the rule's saved webhooks by `id` keeps its sealed
 * secret unless a new one is sent; one without `id` is new and gets an id (its secret is required by the
 * contract). An id the rule does not have, or the same id twice, is a client mistake.
 */
export function toStoredActions(
  box: SecretBox,
  ruleId: number,
  sent: readonly RuleActionInput[],
  saved: readonly StoredRuleAction[],
): StoredRuleAction[] {
  const savedWebhooks = new Map(
    saved.filter((a): a is StoredWebhookAction => a.type === 'webhook').map((a) => [a.id, a]),
  );
  const seen = new Set<string>();
  return sent.map((a): StoredRuleAction => {
    if (a.type !== 'webhook') return a;
    if (a.id === undefined) {
      const id = randomUUID();
      return { type: 'webhook', id, url: a.url, secretSealed: sealWebhookSecret(box, ruleId, id, a.secret!) };
    }
    const before = savedWebhooks.get(a.id);
    if (!before || seen.has(a.id)) {
      throw badRequest(
        `This rule has no webhook ${a.id} (leave the id out to add a webhook, with its secret)`,
        'unknown_webhook',
      );
    }
    seen.add(a.id);
    const secretSealed = a.secret === undefined ? before.secretSealed : sealWebhookSecret(box, ruleId, a.id, a.secret);
    return { type: 'webhook', id: a.id, url: a.url, secretSealed };
  });
}
