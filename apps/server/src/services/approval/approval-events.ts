import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import type { PostRow } from '../../db/posts.schema';
import {
  findPersonName,
  keepPeopleOfProject,
  listApproversOfProject,
} from '../../repositories/post-approval-people.repository';
import { insertNotification } from '../../repositories/notifications.repository';
import { cutText } from '../cut-text';
import { recordActivity } from '../activity/record-activity';
import { platformName } from '../notifications/notify';

/** The three moments of approval: a post starts (or starts again) to wait, is approved, or changes are asked. */
export type ApprovalMoment = 'awaiting_approval' | 'approved' | 'changes_requested';

/** Who acted: a person with an account, or someone on a client preview link, with the name they gave. */
export interface ApprovalActor {
  userId?: number;
  previewLinkId?: number;
  name: string;
}

/** An automation rule, which nobody approved: the trail names Fanout, as for its other doings. */
export const RULE_ACTOR: ApprovalActor = { name: 'Fanout' };

type TitledPost = PostRow & { video_title: string };

/** A person with an account as the trail and the bell name them. */
export async function personActor(ctx: Pick<AppContext, 'db'>, userId: number): Promise<ApprovalActor> {
  return { userId, name: (await findPersonName(ctx.db, userId)) ?? 'Someone' };
}

const COMMENT_IN_BELL = 200;

function sentence(post: TitledPost, moment: ApprovalMoment, actor: string, comment?: string): string {
  const what = `“${post.video_title || 'Untitled video'}” on ${platformName(post.platform)}`;
  if (moment === 'awaiting_approval') return `${actor} asked for approval of ${what}.`;
  if (moment === 'approved') return `${actor} approved ${what}.`;
  return `${actor} asked for changes to ${what}: ${cutText(comment ?? '', COMMENT_IN_BELL)}`;
}

/** The trail's event, in the transaction that makes the change. */
export async function recordApproval(
  db: DB,
  post: TitledPost,
  moment: ApprovalMoment,
  actor: ApprovalActor,
  comment?: string,
): Promise<void> {
  await recordActivity(db, {
    userId: post.user_id,
    projectId: post.project_id,
    type: `post.${moment}`,
    actor: actor.name,
    ...(actor.userId !== undefined ? { actorId: actor.userId } : {}),
    subject: {
      kind: 'post',
      id: post.id,
      title: `${post.video_title || 'Untitled video'} on ${platformName(post.platform)}`,
    },
    message: sentence(post, moment, actor.name, comment),
    link: `/posts?post=${post.id}`,
    data: {
      title: post.video_title,
      platform: post.platform,
      videoId: post.video_id,
      scheduledAt: new Date(post.scheduled_at).toISOString(),
      ...(comment ? { comment } : {}),
      ...(actor.previewLinkId ? { previewLinkId: actor.previewLinkId } : {}),
    },
  });
}

/**
 * The bell (and so the live stream) of the people concerned: the approvers when a post starts waiting; its
 * author and the other approvers when it is approved or changes are asked. Never the person who acted. Never
 * throws: the change stands whether or not the bell could be told.
 */
export async function notifyApproval(
  ctx: AppContext,
  post: TitledPost,
  moment: ApprovalMoment,
  actor: ApprovalActor,
  comment?: string,
): Promise<void> {
  try {
    const approvers = await listApproversOfProject(ctx.db, post.project_id);
    const asked = moment === 'awaiting_approval' ? approvers : [post.created_by ?? post.user_id, ...approvers];
    // An author who has left the project is told nothing more of it.
    const people = await keepPeopleOfProject(ctx.db, post.project_id, [...new Set(asked)]);
    const message = sentence(post, moment, actor.name, comment);
    for (const userId of people) {
      if (userId === actor.userId) continue;
      await insertNotification(ctx.db, {
        userId,
        projectId: post.project_id,
        kind: moment === 'awaiting_approval' ? 'approval_requested' : moment,
        platform: post.platform,
        postId: post.id,
        videoId: post.video_id,
        message,
        link: `/posts?post=${post.id}`,
      });
    }
  } catch (err) {
    ctx.log.error({ err, postId: post.id, moment }, 'could not tell the people concerned about an approval');
  }
}
