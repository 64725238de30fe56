import { z } from 'zod';
import { PlatformKey } from './platforms';
import { ConnectionIds } from './posts';

/** The activity events a rule can start on (GET /api/activity types). */
export const RULE_TRIGGERS = ['video.uploaded', 'video.details_saved', 'post.published', 'post.failed'] as const;
export const RuleTrigger = z.enum(RULE_TRIGGERS);
export type RuleTrigger = z.infer<typeof RuleTrigger>;

export const RULE_CONDITION_FIELDS = ['title', 'tags', 'duration', 'platform'] as const;
export const RuleConditionField = z.enum(RULE_CONDITION_FIELDS);
export type RuleConditionField = z.infer<typeof RuleConditionField>;

export const RULE_CONDITION_OPS = ['contains', 'equals', 'lt', 'gt'] as const;
export const RuleConditionOp = z.enum(RULE_CONDITION_OPS);
export type RuleConditionOp = z.infer<typeof RuleConditionOp>;

/** Which operators each field takes: `duration` compares seconds; the others compare text (ignoring case). */
export const RULE_FIELD_OPS: Record<RuleConditionField, readonly RuleConditionOp[]> = {
  title: ['contains', 'equals'],
  tags: ['contains', 'equals'],
  duration: ['equals', 'lt', 'gt'],
  platform: ['equals'],
};

/**
 * One test on the event's subject. `title`: the video's title; `tags`: any of its tags; `duration`: its length
 * in seconds; `platform`: the post's platform (for a video event: any platform chosen for the video).
 */
export const RuleCondition = z
  .strictObject({
    field: RuleConditionField,
    op: RuleConditionOp,
    value: z.union([z.string().trim().min(1, 'A condition needs a value').max(200), z.number().min(0).max(1e7)]),
  })
  .superRefine((c, ctx) => {
    if (!RULE_FIELD_OPS[c.field].includes(c.op)) {
      ctx.addIssue({ code: 'custom', path: ['op'], message: `${c.field} cannot be compared with ${c.op}` });
    }
    if (c.field === 'duration' && typeof c.value !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A duration is a number of seconds' });
    }
    if (c.field !== 'duration' && typeof c.value !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `A ${c.field} condition compares text` });
    }
    if (c.field === 'platform' && !PlatformKey.safeParse(c.value).success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Unknown platform ${String(c.value)}` });
    }
  });
export type RuleCondition = z.infer<typeof RuleCondition>;

const TAG = z.string().trim().min(1).max(50);

/** Sets the video's title and description (`{title}` stands for its current title) and adds tags. */
export const ApplyTemplateAction = z
  .strictObject({
    type: z.literal('apply_template'),
    title: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(5000).optional(),
    tags: z.array(TAG).max(30).optional(),
  })
  .refine((a) => a.title !== undefined || a.description !== undefined || (a.tags?.length ?? 0) > 0, {
    message: 'A template sets a title, a description or tags',
  });

/**
 * Posts the video to these platforms, each account at its next free posting slot: the accounts named of a
 * platform in `connectionIds`, else its only account (the run fails with `connection_required` when it has
 * several).
 */
export const QueueAction = z.strictObject({
  type: z.literal('queue'),
  platforms: z
    .array(PlatformKey)
    .min(1, 'Choose at least one platform')
    .max(6)
    .refine((p) => new Set(p).size === p.length, 'Each platform at most once'),
  connectionIds: ConnectionIds.optional(),
});

const WEBHOOK_URL = z.url({ protocol: /^https?$/, message: 'A webhook URL starts with http:// or https://' }).max(2000);
const WEBHOOK_SECRET = z.string().min(8, 'A webhook secret has at least 8 characters').max(200);

/** At most this many rules per project; a project that has more (made before the limit) keeps them. */
export const MAX_RULES_PER_PROJECT = 50;

/**
 * POSTs the event as JSON, signed with the secret (`X-Fanout-Signature: sha256=<hex HMAC-SHA256>`). As sent: `id`
 * names one of the rule's saved webhooks, whose secret is kept when `secret` is left out and replaced when it is
 * given; without `id` it is a new webhook, which needs its secret.
 */
export const WebhookActionInput = z
  .strictObject({
    type: z.literal('webhook'),
    id: z.uuid().optional(),
    url: WEBHOOK_URL,
    secret: WEBHOOK_SECRET.optional(),
  })
  .refine((a) => a.id !== undefined || a.secret !== undefined, {
    message: 'A new webhook needs a signing secret',
    path: ['secret'],
  });

/** A webhook as answered: its secret is kept sealed on the server and never comes back. */
export const WebhookAction = z.strictObject({
  type: z.literal('webhook'),
  id: z.uuid(),
  url: z.string(),
  secretSet: z.literal(true),
});

/** An action as a rule is answered. */
export const RuleAction = z.union([ApplyTemplateAction, QueueAction, WebhookAction]);
export type RuleAction = z.infer<typeof RuleAction>;

/** An action as a rule is sent (POST, PATCH). */
export const RuleActionInput = z.union([ApplyTemplateAction, QueueAction, WebhookActionInput]);
export type RuleActionInput = z.infer<typeof RuleActionInput>;

const RuleFields = {
  name: z.string().trim().min(1, 'A rule needs a name').max(100),
  enabled: z.boolean(),
  trigger: RuleTrigger,
  conditions: z.array(RuleCondition).max(20),
  actions: z.array(RuleActionInput).min(1, 'A rule needs at least one action').max(10),
};

/** POST /api/projects/:id/rules. */
export const CreateRuleBody = z.strictObject({ ...RuleFields, enabled: RuleFields.enabled.default(true) });
export type CreateRuleBody = z.infer<typeof CreateRuleBody>;

/** PATCH /api/rules/:id: any of the fields; lists are replaced whole. */
export const UpdateRuleBody = z
  .strictObject({
    name: RuleFields.name.optional(),
    enabled: RuleFields.enabled.optional(),
    trigger: RuleFields.trigger.optional(),
    conditions: RuleFields.conditions.optional(),
    actions: RuleFields.actions.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateRuleBody = z.infer<typeof UpdateRuleBody>;

export const RULE_RUN_OUTCOMES = ['succeeded', 'failed', 'skipped', 'running'] as const;

/** One time a rule met an event: `skipped` when its conditions did not match. */
export const RuleRun = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  outcome: z.enum(RULE_RUN_OUTCOMES),
  reason: z.string(),
  at: z.string(),
});
export type RuleRun = z.infer<typeof RuleRun>;

export const Rule = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    name: z.string(),
    enabled: z.boolean(),
    trigger: RuleTrigger,
    conditions: z.array(RuleCondition),
    actions: z.array(RuleAction),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The latest runs that did something (not the skipped ones), newest first, at most 5. */
    recentRuns: z.array(RuleRun),
  })
  .meta({ id: 'Rule' });
export type Rule = z.infer<typeof Rule>;

export const RuleResponse = z.object({ rule: Rule });
export type RuleResponse = z.infer<typeof RuleResponse>;
export const RuleList = z.object({ rules: z.array(Rule) });
export type RuleList = z.infer<typeof RuleList>;
