import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import type { PostedComment } from '../../platforms/platform-adapter';
import { findConnection } from '../../repositories/connections.repository';
import { asCommentAccount } from './first-comment-account';
import { withStepTimeout } from './step-timeout';

/**
 * What the platform says of a comment that may have been sent: `found` (the account's comment with its text is
 * under the post), `absent`, `unavailable` (the platform has no way to read it back, or the grant lacks a scope
 * the read needs) or `failed` (the look-up itself did not answer, or was refused: `refusal` then holds why).
 */
export type CommentSeen =
  | { kind: 'found'; comment: PostedComment }
  | { kind: 'absent' }
  | { kind: 'unavailable' }
  | { kind: 'failed'; refusal?: string };

/** Looks on the platform for the first comment of `row`, as its account. Never throws. */
export async function lookUpComment(ctx: AppContext, row: PostRow): Promise<CommentSeen> {
  const connectionId = row.connection_id;
  const postId = row.platform_post_id;
  if (connectionId === null || postId === null) return { kind: 'unavailable' };
  try {
    const connection = await findConnection(ctx.db, connectionId);
    if (!connection) return { kind: 'unavailable' };
    const seen = await asCommentAccount(ctx, connectionId, async (adapter, account): Promise<CommentSeen> => {
      const needs = adapter.commentLookupScopes ?? [];
      if (!adapter.findComment || needs.some((s) => !connection.scopes.includes(s))) return { kind: 'unavailable' };
      const call = adapter.findComment(account, postId, row.first_comment ?? '');
      const found = await withStepTimeout(call, ctx.config.publishing.stepTimeoutMs, 'first comment look-up');
      return found ? { kind: 'found', comment: found } : { kind: 'absent' };
    });
    return seen.ok ? seen.value : { kind: 'failed', refusal: seen.refusal };
  } catch (err) {
    ctx.log.warn({ err, postId: row.id }, 'could not look up a first comment on the platform');
    return { kind: 'failed' };
  }
}
