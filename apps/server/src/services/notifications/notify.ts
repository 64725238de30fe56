import { PLATFORM_LIMITS, type AppliedPrivacy, type PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { PostRow } from '../../db/posts.schema';
import { findVideoTitle, insertNotification, type NewNotification } from '../../repositories/notifications.repository';
import { keepPeopleOfProject } from '../../repositories/post-approval-people.repository';
import { cutText } from '../cut-text';

/** A platform's words can be long (a stack of reasons); the bell shows a sentence, the post shows them all. */
const REASON_MAX = 300;

/** The platform's name as people know it ('X', not 'x'). */
export function platformName(platform: string): string {
  return PLATFORM_LIMITS[platform as PlatformKey]?.name ?? platform;
}

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** The bell's sentence for a post's outcome. */
export function postOutcomeMessage(
  title: string,
  platform: string,
  kind: 'published' | 'failed' | 'unconfirmed',
  error: PostRow['error'],
  applied: AppliedPrivacy | null = null,
): string {
  const video = `“${title}”`;
  const on = platformName(platform);
  // Published, but not as the person chose: said at once, as a "published" alone would mislead.
  if (kind === 'published' && applied)
    return sentence(`${video} was published on ${on} as ${applied.label}: ${applied.reason}`);
  if (kind === 'published') return `${video} was published on ${on}.`;
  if (kind === 'unconfirmed') return `${video} may or may not be on ${on}: check it there before retrying.`;
  // A post that waited in vain for its account is told in Fanout's words; the platform's are on the post.
  const own = error?.code === 'needs_reconnect';
  const reason = ((own ? error.message : error?.platformMessage) || error?.message || '').trim();
  return reason
    ? sentence(`${video} could not be published on ${on}: ${cutText(reason, REASON_MAX)}`)
    : `${video} could not be published on ${on}.`;
}

async function store(ctx: AppContext, notification: NewNotification): Promise<void> {
  try {
    await insertNotification(ctx.db, notification);
  } catch (err) {
    ctx.log.error({ err, kind: notification.kind, postId: notification.postId }, 'could not store a notification');
  }
}

/**
 * The bell's events. The runner calls `notifyPostOutcome` when a post ends published, failed or unconfirmed (to
 * the project's owner and to the member who made it);
 * the connection refresh calls `notifyNeedsReconnect` when a grant dies. Never throws: a notification that
 * cannot be stored is logged, and the post's own outcome stands.
 */
export async function notifyPostOutcome(
  ctx: AppContext,
  post: PostRow,
  kind: 'published' | 'failed' | 'unconfirmed',
): Promise<void> {
  let title: string | undefined;
  try {
    title = await findVideoTitle(ctx.db, post.video_id);
  } catch (err) {
    ctx.log.error({ err, postId: post.id }, 'could not read the video of a notification');
    return;
  }
  // The video was deleted meanwhile, and its posts with it: nothing is left to link to.
  if (title === undefined) return;
  // The project's owner, and the member who made the post (an editor) while they are still in the project.
  const author = post.created_by !== null && post.created_by !== post.user_id ? [post.created_by] : [];
  const people = [post.user_id, ...(await keepPeopleOfProject(ctx.db, post.project_id, author).catch(() => []))];
  for (const userId of people) {
    await store(ctx, {
      userId,
      projectId: post.project_id,
      kind,
      platform: post.platform,
      postId: post.id,
      videoId: post.video_id,
      message: postOutcomeMessage(title || 'Untitled video', post.platform, kind, post.error, post.applied_privacy),
      link: `/video/${post.video_id}`,
    });
  }
}

export async function notifyNeedsReconnect(ctx: AppContext, connection: PlatformConnectionRow): Promise<void> {
  await store(ctx, {
    userId: connection.user_id,
    projectId: connection.project_id,
    kind: 'needs_reconnect',
    platform: connection.platform,
    postId: null,
    videoId: null,
    message: `Your ${platformName(connection.platform)} account needs reconnecting.`,
    link: '/accounts',
  });
}
