import type { ActivityEventRow } from '../../db/activity.schema';
import type { StoredRuleAction } from '../../db/rules.schema';
import type { RuleSubject } from './rule-subject';
import type { SealedRuleRow } from './webhook-secrets';

/** One of a run's own actions (a webhook goes to a job of its own), with what it needs to do its part. */
export interface ActionRun {
  rule: SealedRuleRow;
  event: ActivityEventRow;
  subject: RuleSubject;
  action: Exclude<StoredRuleAction, { type: 'webhook' }>;
}
