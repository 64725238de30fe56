import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import type { PlatformConnectionRow } from '../../db/connections.schema';

/**
 * The bell's events. The runner calls `notifyPostOutcome` when a post ends published, failed or unconfirmed;
 * the connection refresh calls `notifyNeedsReconnect` when a grant dies. Never throws: a notification that
 * cannot be stored is logged, and the post's own outcome stands.
 */
export async function notifyPostOutcome(
  ctx: AppContext,
  post: PostRow,
  kind: 'published' | 'failed' | 'unconfirmed',
): Promise<void> {
  void ctx;
  void post;
  void kind;
}

export async function notifyNeedsReconnect(ctx: AppContext, connection: PlatformConnectionRow): Promise<void> {
  void ctx;
  void connection;
}
