import type { DB } from '../../db/database';
import type { AutomationRuleRow } from '../../db/rules.schema';
import { recordActivity } from '../activity/record-activity';

/** What a `rule.ran` line carries besides its message: `byRule` marks it as made by a rule, so none runs on it. */
interface RuleRunFacts {
  runId: number;
  eventId: number;
  outcome: 'succeeded' | 'failed';
  reason?: string;
}

/** A line about one of the rule's runs in its project's Activity, under the rule (`rule.ran`). */
export function recordRuleActivity(
  db: DB,
  rule: Pick<AutomationRuleRow, 'id' | 'user_id' | 'project_id' | 'name'>,
  message: string,
  facts: RuleRunFacts,
) {
  return recordActivity(db, {
    userId: rule.user_id,
    projectId: rule.project_id,
    type: 'rule.ran',
    actor: 'Fanout',
    subject: { kind: 'rule', id: rule.id, title: rule.name },
    message,
    link: '/project-settings#rules',
    data: { byRule: rule.id, ...facts },
  });
}
