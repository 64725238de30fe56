import {
  CreateRuleBody,
  type PlatformKey,
  type Rule,
  type RuleConditionField,
  type RuleConditionOp,
  type RuleTrigger,
} from '@fanout/contracts';

export interface ConditionDraft {
  field: RuleConditionField;
  op: RuleConditionOp;
  value: string;
}

/**
 * A webhook being edited: `id` and `secretSet` when it is saved already, whose secret the server keeps and never
 * sends back; an empty `secret` then keeps it, a typed one replaces it.
 */
export interface WebhookDraft {
  type: 'webhook';
  id?: string;
  url: string;
  secret: string;
  secretSet: boolean;
}

export type ActionDraft =
  | { type: 'apply_template'; title: string; description: string; tags: string }
  | { type: 'queue'; platforms: PlatformKey[] }
  | WebhookDraft;

export const NEW_ACTION: Record<ActionDraft['type'], ActionDraft> = {
  apply_template: { type: 'apply_template', title: '', description: '', tags: '' },
  queue: { type: 'queue', platforms: [] },
  webhook: { type: 'webhook', url: '', secret: '', secretSet: false },
};

export const ACTION_LABELS: Record<ActionDraft['type'], string> = {
  apply_template: 'Apply a details template',
  queue: 'Add to the queue',
  webhook: 'Send a webhook',
};

export function draftsOf(rule?: Rule) {
  return {
    name: rule?.name ?? '',
    trigger: rule?.trigger ?? ('video.uploaded' as RuleTrigger),
    conditions: (rule?.conditions ?? []).map((c): ConditionDraft => ({ ...c, value: String(c.value) })),
    actions: (rule?.actions ?? []).map((a): ActionDraft => {
      if (a.type === 'apply_template') {
        return {
          type: a.type,
          title: a.title ?? '',
          description: a.description ?? '',
          tags: (a.tags ?? []).join(', '),
        };
      }
      if (a.type === 'queue') return { ...a, platforms: [...a.platforms] };
      return { type: 'webhook', id: a.id, url: a.url, secret: '', secretSet: a.secretSet };
    }),
    ...(rule ? {} : { actions: [NEW_ACTION.webhook] }),
  };
}

export type RuleDrafts = ReturnType<typeof draftsOf>;

/** The drafts as a request body; the contract's own checks say what is wrong. */
export function toBody(d: RuleDrafts, enabled: boolean) {
  return CreateRuleBody.safeParse({
    name: d.name,
    enabled,
    trigger: d.trigger,
    conditions: d.conditions.map((c) => ({
      ...c,
      value: c.field === 'duration' && c.value.trim() !== '' ? Number(c.value) : c.value,
    })),
    actions: d.actions.map((a) => {
      if (a.type === 'queue') return a;
      if (a.type === 'webhook') {
        return { type: a.type, ...(a.id ? { id: a.id } : {}), url: a.url, ...(a.secret ? { secret: a.secret } : {}) };
      }
      const tags = a.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      return {
        type: a.type,
        ...(a.title.trim() ? { title: a.title.trim() } : {}),
        ...(a.description.trim() ? { description: a.description } : {}),
        ...(tags.length ? { tags } : {}),
      };
    }),
  });
}
