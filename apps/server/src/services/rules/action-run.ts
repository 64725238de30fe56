import type { RuleAction } from '@fanout/contracts';
import type { ActivityEventRow } from '../../db/activity.schema';
import type { AutomationRuleRow, RuleRunRow } from '../../db/rules.schema';
import type { RuleSubject } from './rule-subject';

/** One action of one rule's run on one event, with what the action needs to do its part. */
export interface ActionRun {
  rule: AutomationRuleRow;
  event: ActivityEventRow;
  subject: RuleSubject;
  run: RuleRunRow;
  index: number;
  action: RuleAction;
  webhookBody: string;
}
