import type { AppContext } from '../../context';
import {
  advanceDispatchMark,
  finishRuleRun,
  findRule,
  pendingRuleEvents,
  readDispatchMark,
  settledEventId,
  staleRunningRuns,
} from '../../repositories/rules.repository';
import { recordRuleActivity } from './rule-activity';
import { runRule } from './run-rule';
import { sealedRule } from './sealed-rule';

const BATCH = 100;

/**
 * An event's id is taken when its transaction writes it and seen when it commits, so a smaller id can appear
 * after a larger one. The mark moves only past events this old, whose transactions have long ended; events
 * after the mark are looked at every time, and a rule's runs say which it has met already.
 */
const SETTLE_MS = 60_000;

/** A run still `running` this long after it began died with its process. */
const STALE_RUN_MS = 15 * 60_000;

/**
 * The `rules.dispatch` job: every enabled rule meets every event of its trigger in its project committed since
 * the rule was made, once. It serves every project, so it never waits on a receiver: webhooks go to jobs of
 * their own (queue-webhooks.ts). Woken as events are written (rules-watcher.ts), and every minute in case a wake-up
 * was missed; after a crash it carries on from the mark, so no event is skipped.
 */
export async function dispatchRules(ctx: AppContext): Promise<number> {
  const mark = await readDispatchMark(ctx.db);
  let ran = 0;
  for (;;) {
    const pending = await pendingRuleEvents(ctx.db, mark, BATCH);
    for (const { rule, event } of pending) {
      if (await runRule(ctx, await sealedRule(ctx, rule), event)) ran++;
    }
    if (pending.length < BATCH) break;
  }
  const settled = await settledEventId(ctx.db, mark, new Date(Date.now() - SETTLE_MS));
  if (settled !== undefined) await advanceDispatchMark(ctx.db, settled);
  await reportInterruptedRuns(ctx);
  return ran;
}

/** Runs cut short by a crash are not run again (an action may have happened); they are reported instead. */
async function reportInterruptedRuns(ctx: AppContext): Promise<void> {
  for (const run of await staleRunningRuns(ctx.db, new Date(Date.now() - STALE_RUN_MS))) {
    const rule = await findRule(ctx.db, run.rule_id);
    const reason = 'interrupted: the server stopped during the run, which is not repeated so nothing happens twice';
    await ctx.db.transaction().execute(async (trx) => {
      await finishRuleRun(trx, run.id, 'failed', reason);
      if (rule) {
        await recordRuleActivity(trx, rule, `Rule “${rule.name}” was ${reason}`, {
          runId: run.id,
          eventId: run.event_id,
          outcome: 'failed',
          reason,
        });
      }
    });
  }
}
