import type { PlatformKey, Post, PostStatus, UpdatePostBody } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import { conflict } from '../../http/errors';
import { findConnection } from '../../repositories/connections.repository';
import { assertPlaylistsAllowed } from './playlist-scope';
import { cancelScheduledPost, updateScheduledPost, type PostWithVideo } from '../../repositories/posts.repository';
import { postCancelled } from '../activity/activity-moments';
import { ownVideo, userTimeZone } from './create-posts.service';
import { toPostJson } from './post-json';
import { ownPostRow } from './post-queries.service';
import { namesTime, resolvePostTime } from './post-time';
import { platformNames } from './post-targets';
import { PostViolationsError } from './post-validation';
import { assertCommentAllowed, firstCommentOf } from './first-comment-scope';
import { planCopies, type CopyAsk } from './post-copies';
import type { PostAuthor } from '../approval/approval-rule';
import { askApprovalAgain } from '../approval/approval-again';
import { checkPlans, handToScheduler, type PostPlan } from './schedule-posts';

/** 409 for a post that is no longer `scheduled`: it has started (or ended), or it was cancelled. */
function notScheduled(status: PostStatus) {
  return status === 'cancelled'
    ? conflict('This post was cancelled; schedule the video again instead', 'post_cancelled')
    : conflict(
        `This post has already started (it is ${status}); it can no longer be changed or cancelled`,
        'post_started',
      );
}

/** The answer to a compare-and-set that changed nothing: the post moved on meanwhile (or is not the caller's). */
async function lostRace(ctx: AppContext, userId: number, postId: number): Promise<never> {
  const now = await ownPostRow(ctx, userId, postId);
  throw notScheduled(now.status);
}

export const withTitle = (row: PostRow, before: PostWithVideo) =>
  toPostJson({ ...row, video_title: before.video_title });

/** The connection a post goes out through, which must still be there and able to publish. */
export async function usableConnection(ctx: AppContext, post: PostRow) {
  const connection = post.connection_id === null ? undefined : await findConnection(ctx.db, post.connection_id);
  const name = platformNames([post.platform as PlatformKey]);
  if (!connection) {
    throw conflict(`The ${name} account of this post is no longer connected: post the video again`, 'not_connected');
  }
  if (connection.status === 'needs_reconnect') {
    throw conflict(`Reconnect ${name} on the Accounts screen first`, 'needs_reconnect');
  }
  return connection;
}

/** 409 `first_comment_sent` for a first comment that can no longer be changed: it went (or may have gone) out. */
function assertCommentOpen(post: PostRow): void {
  const state = post.first_comment_status;
  if (state === null || state === 'pending') return;
  const why = {
    sending: 'is being sent',
    posted: 'is already posted: change it on the platform',
    failed: 'could not be posted: retry it from the post',
  }[state];
  throw conflict(`The first comment of this post ${why}; it can no longer be changed here`, 'first_comment_sent');
}

/** The copy a change asks for: the one named, the default one, none, or (nothing said) the one it sends now. */
function copyAsk(body: UpdatePostBody, post: PostRow): CopyAsk | undefined {
  if (body.renditionId !== undefined || body.fit !== undefined) {
    return { renditionId: body.renditionId ?? undefined, fit: body.fit };
  }
  return post.rendition_id === null ? undefined : { renditionId: post.rendition_id, kept: true };
}

/**
 * PATCH /api/posts/:id: a new caption (null: back to the built one), options, time, first comment or fitting copy,
 * only while the post is `scheduled` (and its first comment not sent), checked again as POST
 * /api/videos/:id/posts checks a post: its platform's rules against the file it sends (the copy's facts), the
 * comment permission, playlists. The write is a compare-and-set on the status, so a post the runner claims
 * meanwhile answers 409 and is never changed under it. A new copy not ready when the post is due: it waits.
 * Changed by someone whose changes need approval (`author`), it waits `awaiting_approval` again.
 */
export async function updatePost(
  ctx: AppContext,
  userId: number,
  postId: number,
  body: UpdatePostBody,
  author?: PostAuthor,
): Promise<Post> {
  const before = await ownPostRow(ctx, userId, postId);
  if (body.firstComment !== undefined) assertCommentOpen(before);
  if (before.status !== 'scheduled' && before.status !== 'awaiting_approval') throw notScheduled(before.status);
  const scheduledAt = namesTime(body)
    ? resolvePostTime(body, await userTimeZone(ctx, author?.userId ?? userId), new Date())
    : undefined;
  const firstComment = body.firstComment !== undefined ? firstCommentOf(body.firstComment) : before.first_comment;
  const connection = await usableConnection(ctx, before);
  const plan: PostPlan = {
    video: await ownVideo(ctx, userId, before.video_id),
    draft: {
      platform: before.platform as PlatformKey,
      caption: body.caption !== undefined ? body.caption : before.caption,
      options: body.options ?? before.options,
      firstComment,
    },
    connection,
    scheduledAt: scheduledAt ?? before.scheduled_at,
  };
  // Only what is sent now is checked for permissions: a post scheduled before stays as it was otherwise.
  if (body.options !== undefined) assertPlaylistsAllowed(connection, body.options);
  if (body.firstComment !== undefined) assertCommentAllowed([plan]);
  const copyChanged = body.renditionId !== undefined || body.fit !== undefined;
  const askCopy = await planCopies(ctx, userId, [plan], [copyAsk(body, before)]);
  const broken = await checkPlans(ctx, [plan]);
  if (broken.length > 0) throw new PostViolationsError(broken.map((b) => b.violation));
  if (copyChanged) await askCopy();

  const row = await updateScheduledPost(ctx.db, postId, userId, {
    ...(body.caption !== undefined ? { caption: body.caption } : {}),
    ...(body.options !== undefined ? { options: body.options } : {}),
    ...(scheduledAt ? { scheduledAt } : {}),
    ...(body.firstComment !== undefined ? { firstComment } : {}),
    ...(copyChanged ? { renditionId: plan.renditionId ?? null } : {}),
    ...(author?.needsApproval ? { needsApproval: true } : {}),
  });
  if (!row) return lostRace(ctx, userId, postId);
  if (scheduledAt || copyChanged) await handToScheduler(ctx, [row]);
  if (author?.needsApproval) await askApprovalAgain(ctx, author.userId, { ...row, video_title: before.video_title });
  return withTitle(row, before);
}

/** DELETE /api/posts/:id: cancels a post that has not started (compare-and-set, as above). */
export async function cancelPost(ctx: AppContext, userId: number, postId: number, by: number = userId): Promise<Post> {
  const before = await ownPostRow(ctx, userId, postId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await cancelScheduledPost(trx, postId, userId);
    if (cancelled) await postCancelled(trx, cancelled, by);
    return cancelled;
  });
  if (!row) return lostRace(ctx, userId, postId);
  return withTitle(row, before);
}
