import type { AppContext } from '../../context';
import type { ActivityEventRow } from '../../db/activity.schema';
import { findProjectOfUser } from '../../repositories/projects.repository';
import { toIsoString } from '../users.service';
import type { RuleSubject } from './rule-subject';
import type { SealedRuleRow } from './webhook-secrets';

/** `{event, rule, project, subject}`, built once per run so every try of every webhook sends the same bytes. */
export async function buildWebhookBody(
  ctx: AppContext,
  rule: SealedRuleRow,
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
