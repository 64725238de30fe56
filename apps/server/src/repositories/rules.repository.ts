import type { RuleCondition } from '@fanout/contracts';
import { sql } from 'kysely';
import type { ActivityEventRow } from '../db/activity.schema';
import type { DB } from '../db/database';
import type { AutomationRuleRow, RuleRunRow, RunDelivery, StoredRuleAction } from '../db/rules.schema';

export interface NewRule {
  userId: number;
  projectId: number;
  name: string;
  enabled: boolean;
  trigger: string;
  conditions: RuleCondition[];
  actions: StoredRuleAction[];
}

export type RuleChanges = Partial<Pick<NewRule, 'name' | 'enabled' | 'trigger' | 'conditions' | 'actions'>>;

export async function insertRule(db: DB, rule: NewRule): Promise<AutomationRuleRow> {
  return db
    .insertInto('automation_rules')
    .values({
      user_id: rule.userId,
      project_id: rule.projectId,
      name: rule.name,
      enabled: rule.enabled,
      trigger: rule.trigger,
      conditions: JSON.stringify(rule.conditions),
      actions: JSON.stringify(rule.actions),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * How many rules the project has, holding its row until the transaction ends: two rules added at once are
 * counted one after the other, so neither passes the limit unseen.
 */
export async function lockAndCountRules(db: DB, projectId: number): Promise<number> {
  await db.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
  const row = await db
    .selectFrom('automation_rules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Replaces a rule's actions; with `expected`, only while they are still those (compare-and-set: two processes
 * sealing the same old row write once). Undefined when the rule is gone or was changed meanwhile.
 */
export async function setRuleActions(
  db: DB,
  id: number,
  actions: StoredRuleAction[],
  expected?: AutomationRuleRow['actions'],
): Promise<AutomationRuleRow | undefined> {
  let query = db
    .updateTable('automation_rules')
    .set({ actions: JSON.stringify(actions) })
    .where('id', '=', id);
  if (expected) query = query.where(sql<boolean>`actions = ${JSON.stringify(expected)}::jsonb`);
  return query.returningAll().executeTakeFirst();
}

/** Rules with a webhook secret still in plain text (stored before 0025), a batch at a time. */
export async function rulesWithPlainSecrets(db: DB, afterId: number, limit: number): Promise<AutomationRuleRow[]> {
  return db
    .selectFrom('automation_rules')
    .selectAll()
    .where('id', '>', afterId)
    .where(sql<boolean>`exists (select 1 from jsonb_array_elements(actions) a where a ? 'secret')`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function listRulesOfProject(db: DB, projectId: number, userId: number): Promise<AutomationRuleRow[]> {
  return db
    .selectFrom('automation_rules')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findRuleOfUser(db: DB, id: number, userId: number): Promise<AutomationRuleRow | undefined> {
  return db
    .selectFrom('automation_rules')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findRule(db: DB, id: number): Promise<AutomationRuleRow | undefined> {
  return db.selectFrom('automation_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateRuleOfUser(
  db: DB,
  id: number,
  userId: number,
  changes: RuleChanges,
): Promise<AutomationRuleRow | undefined> {
  return db
    .updateTable('automation_rules')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      ...(changes.trigger !== undefined ? { trigger: changes.trigger } : {}),
      ...(changes.conditions !== undefined ? { conditions: JSON.stringify(changes.conditions) } : {}),
      ...(changes.actions !== undefined ? { actions: JSON.stringify(changes.actions) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRuleOfUser(db: DB, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('automation_rules')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The latest `perRule` runs of each rule that did something (skipped ones left out), newest first. */
export async function recentRunsOfRules(db: DB, ruleIds: readonly number[], perRule: number): Promise<RuleRunRow[]> {
  if (ruleIds.length === 0) return [];
  const ranked = db
    .selectFrom('rule_runs')
    .selectAll()
    .select(sql<number>`row_number() over (partition by rule_id order by id desc)`.as('rank'))
    .where('rule_id', 'in', ruleIds)
    .where('outcome', '!=', 'skipped')
    .as('ranked');
  const rows = await db.selectFrom(ranked).selectAll().where('rank', '<=', perRule).orderBy('id', 'desc').execute();
  return rows.map(({ rank: _rank, ...run }) => ({ ...run, id: Number(run.id), event_id: Number(run.event_id) }));
}

/** How far the dispatcher has read the events. */
export async function readDispatchMark(db: DB): Promise<number> {
  const row = await db.selectFrom('rule_dispatch').select('last_event_id').where('id', '=', 1).executeTakeFirst();
  return Number(row?.last_event_id ?? 0);
}

/** Moves the mark forward only (two dispatchers at once never move it back). */
export async function advanceDispatchMark(db: DB, eventId: number): Promise<void> {
  await db
    .updateTable('rule_dispatch')
    .set({ last_event_id: eventId })
    .where('id', '=', 1)
    .where('last_event_id', '<', eventId)
    .execute();
}

/**
 * The highest event id such that every event up to it is older than `settledBefore`: a transaction that
 * took an id commits within that long, so no event at or below it can still appear.
 */
export async function settledEventId(db: DB, after: number, settledBefore: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('id', '>', after)
    .where('at', '<', settledBefore)
    .executeTakeFirst();
  return row?.id == null ? undefined : Number(row.id);
}

export interface PendingRuleEvent {
  rule: AutomationRuleRow;
  event: ActivityEventRow;
}

/**
 * Pairs of an enabled rule and an event after `after` that it has not met yet: same project, the rule's
 * trigger, the event no older than the rule, and not caused by a rule (`data.byRule`), oldest event first.
 */
export async function pendingRuleEvents(db: DB, after: number, limit: number): Promise<PendingRuleEvent[]> {
  const rows = await db
    .selectFrom('activity_events as e')
    .innerJoin('automation_rules as r', (join) =>
      join.onRef('r.project_id', '=', 'e.project_id').onRef('r.trigger', '=', 'e.type').on('r.enabled', '=', true),
    )
    .where('e.id', '>', after)
    .whereRef('e.at', '>=', 'r.created_at')
    .where(sql<boolean>`not (e.data ? 'byRule')`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('rule_runs as rr')
            .select('rr.id')
            .whereRef('rr.rule_id', '=', 'r.id')
            .whereRef('rr.event_id', '=', 'e.id'),
        ),
      ),
    )
    .selectAll('e')
    .select([
      'r.id as r_id',
      'r.user_id as r_user_id',
      'r.project_id as r_project_id',
      'r.name as r_name',
      'r.enabled as r_enabled',
      'r.trigger as r_trigger',
      'r.conditions as r_conditions',
      'r.actions as r_actions',
      'r.created_at as r_created_at',
      'r.updated_at as r_updated_at',
    ])
    .orderBy('e.id')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    rule: {
      id: row.r_id,
      user_id: row.r_user_id,
      project_id: row.r_project_id,
      name: row.r_name,
      enabled: row.r_enabled,
      trigger: row.r_trigger,
      conditions: row.r_conditions,
      actions: row.r_actions,
      created_at: row.r_created_at,
      updated_at: row.r_updated_at,
    },
    event: {
      id: Number(row.id),
      user_id: row.user_id,
      project_id: row.project_id,
      type: row.type,
      at: row.at,
      actor: row.actor,
      actor_id: row.actor_id,
      subject_kind: row.subject_kind,
      subject_id: row.subject_id,
      subject_title: row.subject_title,
      message: row.message,
      link: row.link,
      data: row.data,
    },
  }));
}

/** Claims a run of `ruleId` for `eventId`; undefined when it exists already (the rule met this event before). */
export async function claimRuleRun(db: DB, ruleId: number, eventId: number): Promise<RuleRunRow | undefined> {
  const row = await db
    .insertInto('rule_runs')
    .values({ rule_id: ruleId, event_id: eventId })
    .onConflict((oc) => oc.columns(['rule_id', 'event_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), event_id: Number(row.event_id) };
}

export async function finishRuleRun(db: DB, runId: number, outcome: string, reason: string): Promise<void> {
  await db.updateTable('rule_runs').set({ outcome, reason, finished_at: new Date() }).where('id', '=', runId).execute();
}

/** The body every try of the run's webhooks sends, and each webhook queued, before their jobs are sent. */
export async function startRunDeliveries(
  db: DB,
  runId: number,
  webhookBody: string,
  deliveries: Record<string, RunDelivery>,
): Promise<void> {
  await db
    .updateTable('rule_runs')
    .set({ webhook_body: webhookBody, webhook_deliveries: JSON.stringify(deliveries) })
    .where('id', '=', runId)
    .execute();
}

/** One webhook's delivery as it stands now; the run's other webhooks are left as they are. */
export async function recordRunDelivery(db: DB, runId: number, actionId: string, delivery: RunDelivery): Promise<void> {
  await db
    .updateTable('rule_runs')
    .set({
      webhook_deliveries: sql`webhook_deliveries || jsonb_build_object(${actionId}::text, ${JSON.stringify(delivery)}::jsonb)`,
    })
    .where('id', '=', runId)
    .execute();
}

export async function findRuleRun(db: DB, runId: number): Promise<RuleRunRow | undefined> {
  const row = await db.selectFrom('rule_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  return row && { ...row, id: Number(row.id), event_id: Number(row.event_id) };
}

/** Runs that never finished (their process died mid-run) and started before `before`. */
export async function staleRunningRuns(db: DB, before: Date): Promise<RuleRunRow[]> {
  const rows = await db
    .selectFrom('rule_runs')
    .selectAll()
    .where('outcome', '=', 'running')
    .where('created_at', '<', before)
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), event_id: Number(row.event_id) }));
}
