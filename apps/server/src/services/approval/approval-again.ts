import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import { notifyApproval, personActor, recordApproval } from './approval-events';

/** A waiting post was changed (an approved one edited): the trail says it waits again, and the approvers are told. */
export async function askApprovalAgain(
  ctx: AppContext,
  userId: number,
  post: PostRow & { video_title: string },
): Promise<void> {
  const actor = await personActor(ctx, userId);
  await recordApproval(ctx.db, post, 'awaiting_approval', actor);
  await notifyApproval(ctx, post, 'awaiting_approval', actor);
}
