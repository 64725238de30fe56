import type { Post } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { reopenFailedComment } from '../../repositories/first-comments.repository';
import { findPostOfUser } from '../../repositories/posts.repository';
import { enqueueFirstComment } from '../publishing/publish-queue';
import { toPostJson } from './post-json';

/**
 * POST /api/posts/:id/first-comment/retry: a failed first comment is sent again, alone (the post is live and
 * untouched); one that may be there already (`comment_unconfirmed`) is looked up on the platform first
 * (runFirstComment). 409 `not_retryable` for a comment that has not failed (pending, posted, none).
 */
export async function retryFirstComment(ctx: AppContext, userId: number, postId: number): Promise<Post> {
  const reopened = await reopenFailedComment(ctx.db, postId, userId);
  const post = await findPostOfUser(ctx.db, postId, userId);
  if (!post) throw notFound('Post');
  if (!reopened) throw conflict('Only a first comment that failed can be retried', 'not_retryable');
  try {
    await enqueueFirstComment(ctx, postId);
  } catch (err) {
    ctx.log.warn({ err, postId }, 'could not queue the first comment; the sweep will pick it up');
  }
  return toPostJson(post);
}
