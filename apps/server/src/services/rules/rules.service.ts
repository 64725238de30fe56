import {
  MAX_RULES_PER_PROJECT,
  type CreateRuleBody,
  type Rule,
  type RuleActionInput,
  type UpdateRuleBody,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  deleteRuleOfUser,
  findRuleOfUser,
  insertRule,
  listRulesOfProject,
  lockAndCountRules,
  recentRunsOfRules,
  setRuleActions,
  updateRuleOfUser,
} from '../../repositories/rules.repository';
import { listConnectionsOfProject } from '../../repositories/connections.repository';
import { getOwnProject } from '../projects.service';
import { namedAccounts } from '../posts/post-targets';
import { isPrivateHostLiteral } from '../webhooks/webhook-address';
import { toRuleJson } from './rule-json';
import { sealedRule } from './sealed-rule';
import { toStoredActions, type SealedRuleRow } from './webhook-secrets';

/** Runs shown with each rule. */
const RECENT_RUNS = 5;

/**
 * A webhook to this machine or a private network is refused up front when the server does not allow them (the
 * address a name resolves to is checked again at every delivery).
 */
function checkWebhooks(ctx: AppContext, actions: readonly RuleActionInput[] | undefined): void {
  if (ctx.config.webhooks.allowPrivate || !actions) return;
  for (const action of actions) {
    if (action.type === 'webhook' && isPrivateHostLiteral(new URL(action.url))) {
      throw badRequest(
        'Webhooks to this machine or a private network are not allowed on this server',
        'webhook_private_address',
      );
    }
  }
}

/**
 * The accounts a queue action names must be the project's own, of the action's platforms (404 or 400
 * `connection_platform_mismatch` otherwise): a rule can never post through another project's account.
 */
async function checkQueueAccounts(
  ctx: AppContext,
  projectId: number,
  actions: readonly RuleActionInput[] | undefined,
): Promise<void> {
  const queues = (actions ?? []).filter((a) => a.type === 'queue');
  if (!queues.some((a) => a.connectionIds)) return;
  const rows = await listConnectionsOfProject(ctx.db, projectId);
  for (const action of queues) namedAccounts(rows, action.platforms, action.connectionIds ?? []);
}

async function withRuns(ctx: AppContext, rows: SealedRuleRow[]): Promise<Rule[]> {
  const runs = await recentRunsOfRules(
    ctx.db,
    rows.map((r) => r.id),
    RECENT_RUNS,
  );
  return rows.map((row) =>
    toRuleJson(
      row,
      runs.filter((run) => run.rule_id === row.id),
    ),
  );
}

export async function listRules(ctx: AppContext, userId: number, projectId: number): Promise<Rule[]> {
  await getOwnProject(ctx, userId, projectId);
  const rows = await listRulesOfProject(ctx.db, projectId, userId);
  return withRuns(ctx, await Promise.all(rows.map((row) => sealedRule(ctx, row))));
}

/**
 * At most MAX_RULES_PER_PROJECT rules per project (409 `too_many_rules`): each event meets every rule of its
 * project, so this bounds the work, and the webhooks, that one event can start. A project that had more before
 * the limit keeps them all working; it adds a rule once it has fewer.
 */
export async function createRule(
  ctx: AppContext,
  userId: number,
  projectId: number,
  body: CreateRuleBody,
): Promise<Rule> {
  await getOwnProject(ctx, userId, projectId);
  checkWebhooks(ctx, body.actions);
  await checkQueueAccounts(ctx, projectId, body.actions);
  // A webhook's secret is sealed bound to its rule, whose id the insert gives: both in one transaction.
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await lockAndCountRules(trx, projectId)) >= MAX_RULES_PER_PROJECT) {
      throw conflict(
        `A project has at most ${MAX_RULES_PER_PROJECT} rules: delete one to add another`,
        'too_many_rules',
      );
    }
    const inserted = await insertRule(trx, { userId, projectId, ...body, actions: [] });
    return (await setRuleActions(trx, inserted.id, toStoredActions(ctx.secretBox, inserted.id, body.actions, [])))!;
  });
  return toRuleJson(row as SealedRuleRow);
}

export async function updateRule(ctx: AppContext, userId: number, id: number, body: UpdateRuleBody): Promise<Rule> {
  const found = await findRuleOfUser(ctx.db, id, userId);
  if (!found) throw notFound('Rule');
  checkWebhooks(ctx, body.actions);
  await checkQueueAccounts(ctx, found.project_id, body.actions);
  const saved = await sealedRule(ctx, found);
  const actions = body.actions && toStoredActions(ctx.secretBox, id, body.actions, saved.actions);
  const row = await updateRuleOfUser(ctx.db, id, userId, { ...body, actions });
  if (!row) throw notFound('Rule');
  return (await withRuns(ctx, [row as SealedRuleRow]))[0]!;
}

export async function deleteRule(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await deleteRuleOfUser(ctx.db, id, userId))) throw notFound('Rule');
}
