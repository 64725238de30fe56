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
import { accountFactsOf, PostViolationsError, violationsOf } from './post-validation';
import { handToScheduler } from './schedule-posts';

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

/**
 * PATCH /api/posts/:id: a new caption (null: back to the built one), options or time, only while the post is
 * `scheduled`, checked again against its platform's rules. The write is a compare-and-set on the status, so a
 * post the runner claims meanwhile answers 409 and is never changed under it.
 */
export async function updatePost(ctx: AppContext, userId: number, postId: number, body: UpdatePostBody): Promise<Post> {
  const before = await ownPostRow(ctx, userId, postId);
  if (before.status !== 'scheduled') throw notScheduled(before.status);
  const scheduledAt = namesTime(body) ? resolvePostTime(body, await userTimeZone(ctx, userId), new Date()) : undefined;
  const draft = {
    platform: before.platform as PlatformKey,
    caption: body.caption !== undefined ? body.caption : before.caption,
    options: body.options ?? before.options,
  };
  const connection = await usableConnection(ctx, before);
  // Only options sent now are checked: a post scheduled before stays as it was when only its time changes.
  if (body.options !== undefined) assertPlaylistsAllowed(connection, body.options);
  const video = await ownVideo(ctx, userId, before.video_id);
  const violations = violationsOf(video, draft, await accountFactsOf(ctx, connection.id));
  if (violations.length > 0) throw new PostViolationsError(violations);

  const row = await updateScheduledPost(ctx.db, postId, userId, {
    ...(body.caption !== undefined ? { caption: body.caption } : {}),
    ...(body.options !== undefined ? { options: body.options } : {}),
    ...(scheduledAt ? { scheduledAt } : {}),
  });
  if (!row) return lostRace(ctx, userId, postId);
  if (scheduledAt) await handToScheduler(ctx, [row]);
  return withTitle(row, before);
}

/** DELETE /api/posts/:id: cancels a post that has not started (compare-and-set, as above). */
export async function cancelPost(ctx: AppContext, userId: number, postId: number): Promise<Post> {
  const before = await ownPostRow(ctx, userId, postId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await cancelScheduledPost(trx, postId, userId);
    if (cancelled) await postCancelled(trx, cancelled);
    return cancelled;
  });
  if (!row) return lostRace(ctx, userId, postId);
  return withTitle(row, before);
}
