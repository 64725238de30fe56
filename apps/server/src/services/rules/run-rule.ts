import type { PlatformKey, Post } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { ActivityEventRow } from '../../db/activity.schema';
import type { RuleRunRow } from '../../db/rules.schema';
import { AppError } from '../../http/errors';
import { findProjectOfUser } from '../../repositories/projects.repository';
import { claimRuleRun, finishRuleRun } from '../../repositories/rules.repository';
import { recordRuleActivity } from './rule-activity';
import { createPosts } from '../posts/create-posts.service';
import { connectionsForPlatforms } from '../posts/post-targets';
import type { ActionRun } from './action-run';
import { applyTemplate } from './apply-template';
import { queueWebhooks } from './queue-webhooks';
import { firstUnmetCondition } from './rule-matching';
import { loadRuleSubject } from './rule-subject';
import type { SealedRuleRow } from './webhook-secrets';

/** A step of a run, said for people: what it did or why it could not. */
interface Step {
  ok: boolean;
  text: string;
}

/**
 * One rule meeting one event, at most once: the run is claimed first (unique per rule and event), so a second
 * dispatch of the same event finds it and does nothing. Conditions that do not hold end it `skipped` quietly;
 * otherwise its own actions are tried in order, its webhooks are queued as jobs of their own, and the run, its
 * outcome and its reasons go to Activity (`rule.ran`). A run cut short by a crash stays claimed and is reported
 * as interrupted, never run twice.
 */
export async function runRule(
  ctx: AppContext,
  rule: SealedRuleRow,
  event: ActivityEventRow,
): Promise<RuleRunRow | undefined> {
  const run = await claimRuleRun(ctx.db, rule.id, event.id);
  if (!run) return undefined;
  const subject = await loadRuleSubject(ctx.db, event);
  if (!subject) {
    await finishRuleRun(ctx.db, run.id, 'skipped', `the ${event.subject_kind} is gone`);
    return run;
  }
  const unmet = firstUnmetCondition(rule.conditions, subject.facts);
  if (unmet) {
    await finishRuleRun(ctx.db, run.id, 'skipped', `not met: ${unmet}`);
    return run;
  }
  const steps: Step[] = [];
  for (const action of rule.actions) {
    if (action.type !== 'webhook') steps.push(await runAction(ctx, { rule, event, subject, action }));
  }
  const queued = await queueWebhooks(ctx, rule, run, event, subject);
  const outcome = steps.every((s) => s.ok) ? 'succeeded' : 'failed';
  // The run keeps its own actions' reasons; each webhook's delivery is kept beside them by its job.
  const reason = steps.map((s) => s.text).join('; ');
  const told = [reason, ...queued].filter(Boolean).join('; ');
  await ctx.db.transaction().execute(async (trx) => {
    await finishRuleRun(trx, run.id, outcome, reason);
    const verb = outcome === 'succeeded' ? 'ran' : 'failed';
    await recordRuleActivity(trx, rule, `Rule “${rule.name}” ${verb} on “${event.subject_title}”: ${told}`, {
      runId: run.id,
      eventId: event.id,
      outcome,
      reason: told,
    });
  });
  return run;
}

async function runAction(ctx: AppContext, a: ActionRun): Promise<Step> {
  try {
    switch (a.action.type) {
      case 'apply_template':
        await applyTemplate(ctx, a.subject.video, a.action);
        return { ok: true, text: 'template applied' };
      case 'queue': {
        const { platforms, connectionIds } = a.action;
        const accounts = await connectionsForPlatforms(ctx.db, a.subject.video.project_id, platforms, connectionIds);
        // Nobody approved what a rule queues: in a project that needs approval, its posts wait for an approver.
        const project = await findProjectOfUser(ctx.db, a.subject.video.project_id, a.rule.user_id);
        const needsApproval = project?.needs_approval ?? false;
        const posts = await createPosts(
          ctx,
          a.rule.user_id,
          a.subject.video.id,
          {
            targets: accounts.map((c) => ({ platform: c.platform as PlatformKey, connectionId: c.id })),
            queue: true,
          },
          { userId: a.rule.user_id, needsApproval, byRule: true },
        );
        // Each account is named when a platform has several in the run.
        const several = (p: Post) => posts.filter((q) => q.platform === p.platform).length > 1;
        const when = posts
          .map((p) => `${p.platform}${several(p) ? ` (${p.accountName})` : ''} at ${p.scheduledAt ?? 'now'}`)
          .join(', ');
        return { ok: true, text: `queued (${when})${needsApproval ? ', awaiting approval' : ''}` };
      }
    }
  } catch (err) {
    if (err instanceof AppError)
      return { ok: false, text: `${a.action.type.replace('_', ' ')} failed: ${err.message}` };
    ctx.log.error({ err, ruleId: a.rule.id, eventId: a.event.id }, 'rule action failed');
    return { ok: false, text: `${a.action.type.replace('_', ' ')} failed: an internal error` };
  }
}
