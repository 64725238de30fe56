import type { CreateRuleBody, Rule, RuleAction, UpdateRuleBody } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { AutomationRuleRow } from '../../db/rules.schema';
import { badRequest, notFound } from '../../http/errors';
import {
  deleteRuleOfUser,
  findRuleOfUser,
  insertRule,
  listRulesOfProject,
  recentRunsOfRules,
  updateRuleOfUser,
} from '../../repositories/rules.repository';
import { getOwnProject } from '../projects.service';
import { isPrivateHostLiteral } from '../webhooks/webhook-address';
import { toRuleJson } from './rule-json';

/** Runs shown with each rule. */
const RECENT_RUNS = 5;

/**
 * A webhook to this machine or a private network is refused up front when the server does not allow them (the
 * address a name resolves to is checked again at every delivery).
 */
function checkWebhooks(ctx: AppContext, actions: readonly RuleAction[] | undefined): void {
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

async function withRuns(ctx: AppContext, rows: AutomationRuleRow[]): Promise<Rule[]> {
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
  return withRuns(ctx, await listRulesOfProject(ctx.db, projectId, userId));
}

export async function createRule(
  ctx: AppContext,
  userId: number,
  projectId: number,
  body: CreateRuleBody,
): Promise<Rule> {
  await getOwnProject(ctx, userId, projectId);
  checkWebhooks(ctx, body.actions);
  const row = await insertRule(ctx.db, { userId, projectId, ...body });
  return toRuleJson(row);
}

export async function updateRule(ctx: AppContext, userId: number, id: number, body: UpdateRuleBody): Promise<Rule> {
  if (!(await findRuleOfUser(ctx.db, id, userId))) throw notFound('Rule');
  checkWebhooks(ctx, body.actions);
  const row = await updateRuleOfUser(ctx.db, id, userId, body);
  if (!row) throw notFound('Rule');
  return (await withRuns(ctx, [row]))[0]!;
}

export async function deleteRule(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await deleteRuleOfUser(ctx.db, id, userId))) throw notFound('Rule');
}
