import { PLATFORM_LIMITS, type PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import { isPlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import {
  claimFirstComment,
  finishFirstComment,
  takeInterruptedComment,
  type CommentOutcome,
} from '../../repositories/first-comments.repository';
import { commentScopeMissing } from '../posts/first-comment-scope';
import { asCommentAccount } from './first-comment-account';
import { lookUpComment, type CommentSeen } from './first-comment-lookup';
import { withStepTimeout } from './step-timeout';

export type FirstCommentRun = 'posted' | 'failed' | 'nothing';

/** The code of a comment that may be on the platform although Fanout never heard so. */
const UNCONFIRMED = 'comment_unconfirmed';

const nameOf = (platform: string) => PLATFORM_LIMITS[platform as PlatformKey]?.name ?? platform;

/**
 * The first comment of a published post: a step of its own after the publish journal ends, sent at most once per
 * hold. It is marked `sending` (committed) before the request goes out and recorded after. A send whose answer
 * never came (a run that died in between, found by the sweep once its hold is over; or a person's retry of an
 * unconfirmed one) is taken again under a new hold and looked up on the platform first: there, it is recorded as
 * posted; not there, it is sent; when the platform cannot tell, the person is asked to check. Nothing here touches
 * the post: it stays published whatever becomes of its comment.
 */
export async function runFirstComment(ctx: AppContext, postId: number): Promise<FirstCommentRun> {
  const holdMs = ctx.config.publishing.leaseMs;
  const interrupted = await takeInterruptedComment(ctx.db, postId, holdMs);
  const row = interrupted ?? (await claimFirstComment(ctx.db, postId, holdMs));
  if (!row) return 'nothing';
  const outcome = interrupted ? await resume(ctx, row) : await sendOnce(ctx, row);
  await finishFirstComment(ctx.db, postId, outcome);
  ctx.log.info({ postId, outcome: outcome.status, resumed: !!interrupted }, 'first comment');
  return outcome.status;
}

/**
 * A comment whose send may have reached the platform: looked up before anything is sent. Where the platform cannot
 * be asked, a person's retry sends it (they were asked to check the post first), and the sweep asks the person.
 */
async function resume(ctx: AppContext, row: PostRow): Promise<CommentOutcome> {
  const askedByPerson = row.first_comment_error?.code === UNCONFIRMED;
  const seen = await lookUpComment(ctx, row);
  if (seen.kind === 'found') return postedAs(seen);
  if (seen.kind === 'absent' || (seen.kind === 'unavailable' && askedByPerson)) return sendOnce(ctx, row);
  ctx.log.warn({ postId: row.id, seen: seen.kind }, 'an interrupted first comment could not be looked up');
  return unconfirmed(row.platform, seen);
}

/** Sends it; an answer that never came is looked for at once (it may have landed), else left for the person. */
async function sendOnce(ctx: AppContext, row: PostRow): Promise<CommentOutcome> {
  const outcome = await send(ctx, row).catch((err: unknown): CommentOutcome => failure(row.platform, err));
  if (outcome.status === 'posted' || outcome.error.code !== UNCONFIRMED) return outcome;
  const seen = await lookUpComment(ctx, row);
  return seen.kind === 'found' ? postedAs(seen) : outcome;
}

const postedAs = ({ comment }: { comment: { commentId: string; url: string | null } }): CommentOutcome => ({
  status: 'posted',
  commentId: comment.commentId,
  url: comment.url,
});

/** The one request that makes the comment. */
async function send(ctx: AppContext, row: PostRow): Promise<CommentOutcome> {
  const fail = (code: string, message: string): CommentOutcome => ({ status: 'failed', error: { code, message } });
  const connectionId = row.connection_id;
  const postId = row.platform_post_id;
  if (connectionId === null || postId === null)
    return fail('disconnected', 'The account of this post was disconnected: connect it again to post the comment.');
  const connection = await findConnection(ctx.db, connectionId);
  const missing = connection && commentScopeMissing(connection.platform, connection.scopes);
  if (missing) {
    const account = `${nameOf(row.platform)} (${connection.account_name})`;
    return fail('reconnect_to_allow', `Reconnect ${account} on the Accounts screen to allow ${missing}.`);
  }
  const sent = await asCommentAccount(ctx, connectionId, async (adapter, account): Promise<CommentOutcome> => {
    if (!adapter.postComment) return fail('unsupported', `${nameOf(row.platform)} has no API to post a comment.`);
    const call = adapter.postComment(account, postId, row.first_comment ?? '');
    return postedAs({ comment: await withStepTimeout(call, ctx.config.publishing.stepTimeoutMs, 'first comment') });
  });
  return sent.ok ? sent.value : fail('needs_reconnect', `${sent.refusal} Then retry the comment.`);
}

/** A comment that may be on the platform, which Fanout could not confirm: the person is asked to check it. */
function unconfirmed(platform: string, seen?: CommentSeen): CommentOutcome {
  const where = nameOf(platform);
  const message =
    seen?.kind === 'failed' && seen.refusal
      ? `${seen.refusal} Then retry the comment: Fanout looks for it on ${where} before sending it again.`
      : `The comment may have been posted before Fanout heard back: check the post on ${where}, and retry the ` +
        'comment only if it is not there.';
  return { status: 'failed', error: { code: UNCONFIRMED, message } };
}

/** Why it failed, in the platform's words where it gave them. */
function failure(platform: string, err: unknown): CommentOutcome {
  // A timeout, a dropped answer or an answer that says nothing sure: the request may have landed.
  if (!isPlatformError(err) || err.outcomeUnknown) return unconfirmed(platform);
  const said = err.platformMessage ?? err.message;
  const error = { code: err.platformCode ?? err.kind, message: `${nameOf(platform)} refused the comment: ${said}` };
  return { status: 'failed', error };
}
