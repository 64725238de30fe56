import type { AppContext } from '../../context';
import type { ActivityEventRow } from '../../db/activity.schema';
import type { AutomationRuleRow, RuleRunRow } from '../../db/rules.schema';
import { AppError } from '../../http/errors';
import { findProjectOfUser } from '../../repositories/projects.repository';
import { claimRuleRun, finishRuleRun } from '../../repositories/rules.repository';
import { recordActivity } from '../activity/record-activity';
import { createPosts } from '../posts/create-posts.service';
import { toIsoString } from '../users.service';
import type { ActionRun } from './action-run';
import { applyTemplate } from './apply-template';
import { firstUnmetCondition } from './rule-matching';
import { loadRuleSubject, type RuleSubject } from './rule-subject';
import { firstWebhookTry } from './rule-webhook';

/** A step of a run, said for people: what it did or why it could not. */
interface Step {
  ok: boolean;
  text: string;
}

/**
 * One rule meeting one event, at most once: the run is claimed first (unique per rule and event), so a second
 * dispatch of the same event finds it and does nothing. Conditions that do not hold end it `skipped` quietly;
 * otherwise every action is tried in order and the run, its outcome and its reasons go to Activity
 * (`rule.ran`). A run cut short by a crash stays claimed and is reported as interrupted, never run twice.
 */
export async function runRule(
  ctx: AppContext,
  rule: AutomationRuleRow,
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
  const webhookBody = await buildWebhookBody(ctx, rule, event, subject);
  const steps: Step[] = [];
  for (const [index, action] of rule.actions.entries()) {
    steps.push(await runAction(ctx, { rule, event, subject, run, index, action, webhookBody }));
  }
  const outcome = steps.every((s) => s.ok) ? 'succeeded' : 'failed';
  const reason = steps.map((s) => s.text).join('; ');
  await ctx.db.transaction().execute(async (trx) => {
    await finishRuleRun(trx, run.id, outcome, reason, webhookBody);
    await recordActivity(trx, {
      userId: rule.user_id,
      projectId: rule.project_id,
      type: 'rule.ran',
      actor: 'Fanout',
      subject: { kind: 'rule', id: rule.id, title: rule.name },
      message: `Rule “${rule.name}” ${outcome === 'succeeded' ? 'ran' : 'failed'} on “${event.subject_title}”: ${reason}`,
      link: '/project-settings#rules',
      data: { byRule: rule.id, runId: run.id, eventId: event.id, outcome, reason },
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
        const posts = await createPosts(ctx, a.rule.user_id, a.subject.video.id, {
          targets: a.action.platforms.map((platform) => ({ platform })),
          queue: true,
        });
        const when = posts.map((p) => `${p.platform} at ${p.scheduledAt ?? 'now'}`).join(', ');
        return { ok: true, text: `queued (${when})` };
      }
      case 'webhook':
        return await firstWebhookTry(ctx, a, a.action);
    }
  } catch (err) {
    if (err instanceof AppError)
      return { ok: false, text: `${a.action.type.replace('_', ' ')} failed: ${err.message}` };
    ctx.log.error({ err, ruleId: a.rule.id, eventId: a.event.id }, 'rule action failed');
    return { ok: false, text: `${a.action.type.replace('_', ' ')} failed: an internal error` };
  }
}

/** `{event, rule, project, subject}`, built once per run so every try of every webhook sends the same bytes. */
async function buildWebhookBody(
  ctx: AppContext,
  rule: AutomationRuleRow,
  event: ActivityEventRow,
  subject: RuleSubject,
): Promise<string> {
  const project = await findProjectOfUser(ctx.db, rule.project_id, rule.user_id);
  const video = subject.video;
  return JSON.stringify({
    event: {
      id: event.id,
      type: event.type,
      at: toIsoString(event.at),
      actor: event.actor,
      message: event.message,
      link: `${ctx.config.publicUrl}${event.link}`,
    },
    rule: { id: rule.id, name: rule.name, trigger: rule.trigger },
    project: { id: rule.project_id, name: project?.name ?? '' },
    subject: {
      kind: event.subject_kind,
      id: Number(event.subject_id),
      title: event.subject_title,
      video: {
        id: video.id,
        title: video.title,
        description: video.description,
        tags: video.tags,
        durationSeconds: video.duration_seconds,
        platforms: video.platforms,
      },
      ...(subject.post ? { post: subject.post } : {}),
    },
  });
}
