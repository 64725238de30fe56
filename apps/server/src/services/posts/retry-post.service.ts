import { isDeepStrictEqual } from 'node:util';
import type { PlatformKey, Post, RetryPostBody } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { requeueFinishedPost, type JournalOnRetry } from '../../repositories/posts.repository';
import { lockVideosOfUser } from '../../repositories/videos.repository';
import { usableConnection, withTitle } from './change-post.service';
import { ownVideo, userTimeZone } from './create-posts.service';
import { copyBeforeRetry } from './post-copies';
import { ownPostRow } from './post-queries.service';
import { assertNotPosted, platformNames } from './post-targets';
import { namesTime, resolvePostTime } from './post-time';
import { accountFactsOf, PostViolationsError, violationsOf } from './post-validation';
import { handToScheduler } from './schedule-posts';
import { askApprovalAgain } from '../approval/approval-again';
import type { PostAuthor } from '../approval/approval-rule';

const notRetryable = (status: string) =>
  conflict(`Only a failed or unconfirmed post can be retried; this one is ${status}`, 'not_retryable');

/**
 * POST /api/posts/:id/retry: a failed or unconfirmed post goes back to the runner, now or at the time given,
 * corrected first when the body says so (its caption, its options). Refused while another post of the video to
 * that platform blocks it.
 *
 * Sent as it was, it keeps its journal and resumes where it stopped; when that is the final create call, the
 * runner asks the platform whether the post exists before making it. A correction must reach every step that
 * sends it (Instagram's caption goes with the container, YouTube's title with the upload session), so the
 * post starts over, but never at the risk of a second copy: where the platform's adapter says it holds
 * nothing yet, at once; where the first version may have landed, the runner asks the platform first and
 * starts over only if it is not there (if it is, the post is published as the platform has it); where the
 * platform has taken the post, a correction is refused (409 `post_on_platform`) and it can be retried as it is.
 */
export async function retryPost(
  ctx: AppContext,
  userId: number,
  postId: number,
  body: RetryPostBody = {},
  /** Who retries; in a project that needs approval an editor's or a token's retry waits for an approver. */
  author?: PostAuthor,
): Promise<Post> {
  const before = await ownPostRow(ctx, userId, postId);
  if (before.status !== 'failed' && before.status !== 'unconfirmed') throw notRetryable(before.status);
  const connection = await usableConnection(ctx, before);
  const platform = before.platform as PlatformKey;
  const caption = body.caption !== undefined && body.caption !== before.caption ? body.caption : undefined;
  const options = body.options && !isDeepStrictEqual(body.options, before.options) ? body.options : undefined;
  const scheduledAt = namesTime(body)
    ? resolvePostTime(body, await userTimeZone(ctx, author?.userId ?? userId), new Date())
    : undefined;

  let journal: JournalOnRetry = 'keep';
  const video = await ownVideo(ctx, userId, before.video_id);
  const facts = await copyBeforeRetry(ctx, userId, video, before, connection.id);
  if (caption !== undefined || options !== undefined) {
    const draft = {
      platform,
      caption: caption !== undefined ? caption : before.caption,
      options: options ?? before.options,
    };
    const violations = violationsOf(video, draft, await accountFactsOf(ctx, connection.id), facts);
    if (violations.length > 0) throw new PostViolationsError(violations);
    const presence = ctx.platforms.get(platform)?.postPresence(before.journal) ?? 'maybe';
    if (presence === 'held') {
      const name = platformNames([platform]);
      throw conflict(
        `${name} already has this post (it went wrong there after it was sent), so a change can no longer reach it. Retry it as it is, or post the video again.`,
        'post_on_platform',
      );
    }
    journal = presence === 'none' ? 'restart' : 'look-up';
  }

  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await lockVideosOfUser(trx, [before.video_id], userId)).length === 0) throw notFound('Post');
    const pair = {
      videoId: before.video_id,
      platform: before.platform,
      accountId: connection.account_id,
      accountName: connection.account_name,
      title: before.video_title,
    };
    await assertNotPosted(trx, [pair], postId);
    return requeueFinishedPost(trx, postId, userId, {
      caption,
      options,
      scheduledAt,
      journal,
      needsApproval: author?.needsApproval,
    });
  });
  if (!row) throw notRetryable((await ownPostRow(ctx, userId, postId)).status);
  await handToScheduler(ctx, [row]);
  if (author?.needsApproval) await askApprovalAgain(ctx, author.userId, { ...row, video_title: before.video_title });
  return withTitle(row, before);
}
