import type { RuleAction, RuleCondition } from '@fanout/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** A webhook as stored: its secret sealed with the secret box, bound to the rule and the action (0025). */
export interface StoredWebhookAction {
  type: 'webhook';
  id: string;
  url: string;
  secretSealed: string;
}

/** Before 0025 (or written by a server of that version): the secret in plain text, no id. Sealed at start-up. */
export interface PlainWebhookAction {
  type: 'webhook';
  id?: string;
  url: string;
  secret: string;
}

export type StoredRuleAction = Exclude<RuleAction, { type: 'webhook' }> | StoredWebhookAction;

/** What one webhook of a run has come to so far (`rule_runs.webhook_deliveries`, by action id). */
export interface RunDelivery {
  /** The action's place in the rule when the run began, to list the deliveries in the rule's order. */
  index: number;
  state: 'queued' | 'delivered' | 'retrying' | 'failed';
  /** Said for people: "webhook to host delivered (HTTP 204)". */
  text: string;
}

/** A project's automation rule (migration 0020). */
export interface AutomationRulesTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  name: string;
  enabled: Generated<boolean>;
  /** An activity event type (contracts' RuleTrigger). */
  trigger: string;
  conditions: Json<RuleCondition[]>;
  actions: Json<(StoredRuleAction | PlainWebhookAction)[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One rule meeting one event; unique per (rule, event). */
export interface RuleRunsTable {
  id: Generated<number>;
  rule_id: number;
  event_id: number;
  /** `running` until the run's own actions are done; then `succeeded`, `failed` or `skipped`. */
  outcome: Generated<string>;
  reason: Generated<string>;
  /** The JSON a webhook action posts, kept so every retry sends the same bytes. */
  webhook_body: string | null;
  /** Each webhook's delivery, by action id (0025): its own jobs write it, after the run itself has ended. */
  webhook_deliveries: ColumnType<Record<string, RunDelivery>, string | undefined, string>;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** How far the dispatcher has read activity_events (one row, id 1). */
export interface RuleDispatchTable {
  id: number;
  last_event_id: number;
}

export interface RulesTables {
  automation_rules: AutomationRulesTable;
  rule_runs: RuleRunsTable;
  rule_dispatch: RuleDispatchTable;
}

export type AutomationRuleRow = Selectable<AutomationRulesTable>;
export type RuleRunRow = Selectable<RuleRunsTable>;
