import {
  PLATFORMS,
  type RuleAction,
  type RuleCondition,
  type RuleConditionField,
  type RuleConditionOp,
  type RuleTrigger,
} from '@fanout/contracts';

export const TRIGGER_LABELS: Record<RuleTrigger, string> = {
  'video.uploaded': 'A video is uploaded',
  'video.details_saved': 'A video’s details are saved',
  'post.published': 'A post is published',
  'post.failed': 'A post fails',
};

export const FIELD_LABELS: Record<RuleConditionField, string> = {
  title: 'Title',
  tags: 'A tag',
  duration: 'Duration (seconds)',
  platform: 'Platform',
};

export const OP_LABELS: Record<RuleConditionOp, string> = {
  contains: 'contains',
  equals: 'is',
  lt: 'is under',
  gt: 'is over',
};

export const platformName = (key: string) => PLATFORMS.find((p) => p.key === key)?.label ?? key;

export function conditionText(c: RuleCondition): string {
  const value = c.field === 'platform' ? platformName(String(c.value)) : `“${String(c.value)}”`;
  return `${FIELD_LABELS[c.field].replace(' (seconds)', '').toLowerCase()} ${OP_LABELS[c.op]} ${value}${c.field === 'duration' ? ' s' : ''}`;
}

export function actionText(a: RuleAction): string {
  switch (a.type) {
    case 'apply_template':
      return 'Apply a details template';
    case 'queue':
      return `Add to the queue on ${a.platforms.map(platformName).join(', ')}`;
    case 'webhook':
      return `Send a webhook to ${new URL(a.url).host}`;
  }
}
