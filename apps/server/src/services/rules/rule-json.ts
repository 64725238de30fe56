import type { Rule, RuleAction, RuleRun, RuleTrigger } from '@fanout/contracts';
import type { RuleRunRow, StoredRuleAction } from '../../db/rules.schema';
import { toIsoString } from '../users.service';
import type { SealedRuleRow } from './webhook-secrets';

/**
 * A run as people read it: its own actions' outcome, then each webhook's delivery as it stands (their jobs write
 * them after the run ended). A webhook that failed makes the run failed until a later try gets through; one
 * still queued makes a run that did everything else `running`.
 */
export function toRuleRunJson(run: RuleRunRow): RuleRun {
  const deliveries = Object.values(run.webhook_deliveries ?? {}).sort((a, b) => a.index - b.index);
  let outcome = run.outcome as RuleRun['outcome'];
  if (outcome === 'succeeded' && deliveries.some((d) => d.state === 'failed' || d.state === 'retrying')) {
    outcome = 'failed';
  } else if (outcome === 'succeeded' && deliveries.some((d) => d.state === 'queued')) {
    outcome = 'running';
  }
  return {
    id: run.id,
    eventId: run.event_id,
    outcome,
    reason: [run.reason, ...deliveries.map((d) => d.text)].filter(Boolean).join('; '),
    at: toIsoString(run.finished_at ?? run.created_at),
  };
}

/** An action as answered: a webhook's secret stays on the server, only that it is set comes back. */
function toActionJson(action: StoredRuleAction): RuleAction {
  if (action.type !== 'webhook') return action;
  return { type: 'webhook', id: action.id, url: action.url, secretSet: true };
}

/** The one place a rule row becomes API JSON. */
export function toRuleJson(row: SealedRuleRow, runs: readonly RuleRunRow[] = []): Rule {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    enabled: row.enabled,
    trigger: row.trigger as RuleTrigger,
    conditions: row.conditions,
    actions: row.actions.map(toActionJson),
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    recentRuns: runs.map(toRuleRunJson),
  };
}
