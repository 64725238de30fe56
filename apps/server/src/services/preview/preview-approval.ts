import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';

/** Who approves through a preview link: the link, and the name its visitor gave. */
export interface PreviewActor {
  previewLinkId: number;
  name: string;
}

const unavailable = () =>
  new AppError(501, 'approval_unavailable', 'Approving through a preview link is not available yet');

/**
 * The seam to approval before publishing (services/approval: approvePost, requestChanges), which is built
 * apart. Until it is wired here, the preview's Approve and Request changes answer 501 `approval_unavailable`;
 * the preview routes have already checked that the link allows approval and names the post.
 */
export async function approvePost(_ctx: AppContext, _actor: PreviewActor, _postId: number): Promise<never> {
  throw unavailable();
}

export async function requestChanges(
  _ctx: AppContext,
  _actor: PreviewActor,
  _postId: number,
  _comment: string | undefined,
): Promise<never> {
  throw unavailable();
}
