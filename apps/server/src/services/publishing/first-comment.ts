import { PLATFORM_LIMITS, type PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import { isPlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import {
  claimFirstComment,
  failInterruptedComment,
  finishFirstComment,
  type CommentOutcome,
} from '../../repositories/first-comments.repository';
import { refreshConnection } from '../connections/connection-refresh.service';
import { grantRefused, refusalReason } from '../connections/needs-reconnect';
import { getPublishingAccount } from '../connections/publishing-account.service';
import { commentScopeMissing } from '../posts/first-comment-scope';
import { withStepTimeout } from './step-timeout';

export type FirstCommentRun = 'posted' | 'failed' | 'nothing';

const nameOf = (platform: string) => PLATFORM_LIMITS[platform as PlatformKey]?.name ?? platform;

/**
 * The first comment of a published post: a step of its own after the publish journal ends, sent at most once.
 * It is marked `sending` (committed) before the request goes out and recorded after; a run that dies in between
 * leaves it `sending`, and the next look (the sweep) fails it with words asking the person to check the platform
 * rather than send it again, since the comment may be there. The same goes for a request that got no answer.
 * Nothing here touches the post: it stays published whatever becomes of its comment.
 */
export async function runFirstComment(ctx: AppContext, postId: number): Promise<FirstCommentRun> {
  const interrupted = await failInterruptedComment(ctx.db, postId, {
    code: 'comment_unconfirmed',
    message: unconfirmedWords('the platform'),
  });
  if (interrupted) {
    ctx.log.warn({ postId }, 'a first comment was interrupted while being sent; left for the person to check');
    return 'failed';
  }
  const row = await claimFirstComment(ctx.db, postId, ctx.config.publishing.leaseMs);
  if (!row) return 'nothing';
  const outcome = await send(ctx, row).catch((err: unknown): CommentOutcome => ({
    status: 'failed',
    error: words(row.platform, err),
  }));
  await finishFirstComment(ctx.db, postId, outcome);
  ctx.log.info({ postId, outcome: outcome.status }, 'first comment');
  return outcome.status;
}

/** Sends it once; an expired token is renewed and the request sent again (the platform refused the first). */
async function send(ctx: AppContext, row: PostRow): Promise<CommentOutcome> {
  const fail = (code: string, message: string): CommentOutcome => ({ status: 'failed', error: { code, message } });
  if (row.connection_id === null || row.platform_post_id === null)
    return fail('disconnected', 'The account of this post was disconnected: connect it again to post the comment.');
  const connection = await findConnection(ctx.db, row.connection_id);
  const missing = connection && commentScopeMissing(connection.platform, connection.scopes);
  if (missing) {
    const account = `${nameOf(row.platform)} (${connection.account_name})`;
    return fail('reconnect_to_allow', `Reconnect ${account} on the Accounts screen to allow ${missing}.`);
  }
  for (let renewed = false; ; renewed = true) {
    const { adapter, account, tokenSeal } = await getPublishingAccount(ctx, row.connection_id);
    if (!adapter.postComment) return fail('unsupported', `${nameOf(row.platform)} has no API to post a comment.`);
    try {
      const call = adapter.postComment(account, row.platform_post_id, row.first_comment ?? '');
      const posted = await withStepTimeout(call, ctx.config.publishing.stepTimeoutMs, 'first comment');
      return { status: 'posted', commentId: posted.commentId, url: posted.url };
    } catch (err) {
      if (!isPlatformError(err)) throw err;
      if (err.kind === 'auth_expired' && !renewed) {
        await refreshConnection(ctx, row.connection_id);
        continue;
      }
      if (err.kind !== 'disconnected' && err.kind !== 'auth_expired') throw err;
      // The platform refused the grant itself (a permission taken away, a token refused after renewal): the
      // connection needs reconnecting, as a publish that met the same refusal would mark it.
      await grantRefused(ctx, row.connection_id, err, tokenSeal);
      return fail('needs_reconnect', `${refusalReason(err)} Then retry the comment.`);
    }
  }
}

function unconfirmedWords(where: string): string {
  return (
    `The comment may have been posted before Fanout heard back: check the post on ${where}, and retry the ` +
    'comment only if it is not there.'
  );
}

/** Why it failed, in the platform's words where it gave them. */
function words(platform: string, err: unknown): { code: string; message: string } {
  const name = nameOf(platform);
  if (!isPlatformError(err)) {
    // A timeout or a dropped answer: the request may have landed.
    return { code: 'comment_unconfirmed', message: unconfirmedWords(name) };
  }
  if (err.outcomeUnknown) return { code: 'comment_unconfirmed', message: unconfirmedWords(name) };
  const said = err.platformMessage ?? err.message;
  return { code: err.platformCode ?? err.kind, message: `${name} refused the comment: ${said}` };
}
