import type { Rule, RuleRun, RuleTrigger } from '@fanout/contracts';
import type { AutomationRuleRow, RuleRunRow } from '../../db/rules.schema';
import { toIsoString } from '../users.service';

export function toRuleRunJson(run: RuleRunRow): RuleRun {
  return {
    id: run.id,
    eventId: run.event_id,
    outcome: run.outcome as RuleRun['outcome'],
    reason: run.reason,
    at: toIsoString(run.finished_at ?? run.created_at),
  };
}

/** The one place a rule row becomes API JSON. */
export function toRuleJson(row: AutomationRuleRow, runs: readonly RuleRunRow[] = []): Rule {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    enabled: row.enabled,
    trigger: row.trigger as RuleTrigger,
    conditions: row.conditions,
    actions: row.actions,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    recentRuns: runs.map(toRuleRunJson),
  };
}
