import type { RuleAction } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { VideoRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { updateVideoOfUser } from '../../repositories/videos.repository';
import { normalizeTags } from '../videos.service';

type Template = Extract<RuleAction, { type: 'apply_template' }>;

/**
 * Sets the video's title and description (`{title}` in them stands for its title before) and adds the
 * template's tags to its own. Written straight to the video, not through "save details": a rule's change
 * records no `video.details_saved`, so it can never set off a rule again (the run itself is in Activity as
 * `rule.ran`, which no rule listens to).
 */
export async function applyTemplate(ctx: AppContext, video: VideoRow, template: Template): Promise<VideoRow> {
  const fill = (text: string) => text.replaceAll('{title}', video.title);
  const row = await updateVideoOfUser(ctx.db, video.id, video.user_id, {
    ...(template.title !== undefined ? { title: fill(template.title).slice(0, 200) } : {}),
    ...(template.description !== undefined ? { description: fill(template.description) } : {}),
    ...(template.tags?.length ? { tags: normalizeTags([...video.tags, ...template.tags]) } : {}),
  });
  if (!row) throw notFound('Video');
  return row;
}
