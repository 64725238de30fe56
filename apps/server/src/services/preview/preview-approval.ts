import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import * as approval from '../approval/approve-post.service';

/** Who approves through a preview link: the link, and the name its visitor gave. */
export interface PreviewActor {
  previewLinkId: number;
  name: string;
}

/** The trail and the bell name a visitor by the name they gave, saying it came through a preview link. */
const asApprover = (actor: PreviewActor) => ({
  previewLinkId: actor.previewLinkId,
  name: `${actor.name} (preview link)`,
});

/**
 * Approval before publishing (services/approval) from a preview link's page. The preview routes have already
 * checked that the link allows approval and names the post; the same compare-and-set as an approver's in the app
 * decides (409 `not_awaiting_approval` for a post no longer waiting), and approving an overdue post publishes it
 * at once.
 */
export async function approvePost(ctx: AppContext, actor: PreviewActor, postId: number): Promise<void> {
  await approval.approvePost(ctx, asApprover(actor), postId);
}

/** Asks for changes: the visitor says what should change (400 `comment_required` without it). */
export async function requestChanges(
  ctx: AppContext,
  actor: PreviewActor,
  postId: number,
  comment: string | undefined,
): Promise<void> {
  if (!comment?.trim()) throw new AppError(400, 'comment_required', 'Say what should change in the post');
  await approval.requestChanges(ctx, asApprover(actor), postId, comment.trim());
}
