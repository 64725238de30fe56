import type { BulkApproveResult, Post } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../http/errors';
import { approveAwaitingPost, requestChangesOnPost } from '../../repositories/post-approval.repository';
import { findPostWithTitle } from '../../repositories/post-approval-people.repository';
import { toPostJson } from '../posts/post-json';
import { checkPostTime } from '../posts/post-time';
import { handToScheduler } from '../posts/schedule-posts';
import { notifyApproval, recordApproval, type ApprovalActor } from './approval-events';

export type { ApprovalActor };

export interface ApproveOptions {
  /** A new time (ISO 8601); absent: its own, or at once when it has passed. */
  scheduledAt?: string;
}

/** 409 for a post that is not (or no longer) awaiting approval: approved, cancelled or under way meanwhile. */
function notAwaiting(status: string) {
  return conflict(`This post is not awaiting approval (it is ${status.replace('_', ' ')})`, 'not_awaiting_approval');
}

async function postOrNotFound(ctx: AppContext, postId: number) {
  const post = await findPostWithTitle(ctx.db, postId);
  if (!post) throw notFound('Post');
  return post;
}

/**
 * Approves a post awaiting approval: it becomes `scheduled`, due at the new time, its own, or at once when its
 * time passed while it waited. A compare-and-set on the status, as the runner's claim and an edit are, so an
 * approval racing an edit or a cancel either wins whole or answers 409 `not_awaiting_approval`, and the post is
 * published once at most. The caller has checked that `actor` may approve it (a route's `approve` rule, or a
 * preview link's scope); the trail and the bell say who did.
 */
export async function approvePost(
  ctx: AppContext,
  actor: ApprovalActor,
  postId: number,
  opts: ApproveOptions = {},
): Promise<Post> {
  const before = await postOrNotFound(ctx, postId);
  const scheduledAt = opts.scheduledAt ? checkPostTime(new Date(opts.scheduledAt), new Date()) : undefined;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const approved = await approveAwaitingPost(trx, postId, { approvedBy: actor.userId ?? null, scheduledAt });
    if (approved) await recordApproval(trx, { ...approved, video_title: before.video_title }, 'approved', actor);
    return approved;
  });
  if (!row) throw notAwaiting((await postOrNotFound(ctx, postId)).status);
  const post = { ...row, video_title: before.video_title };
  await handToScheduler(ctx, [row]);
  await notifyApproval(ctx, post, 'approved', actor);
  return toPostJson(post);
}

/** Asks for changes to a post awaiting approval: it waits on, showing the comment, and its author is told. */
export async function requestChanges(
  ctx: AppContext,
  actor: ApprovalActor,
  postId: number,
  comment: string,
): Promise<Post> {
  const before = await postOrNotFound(ctx, postId);
  const message = `${actor.name} asked for changes: ${comment}`;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const changed = await requestChangesOnPost(trx, postId, message);
    if (changed) {
      await recordApproval(trx, { ...changed, video_title: before.video_title }, 'changes_requested', actor, comment);
    }
    return changed;
  });
  if (!row) throw notAwaiting((await postOrNotFound(ctx, postId)).status);
  const post = { ...row, video_title: before.video_title };
  await notifyApproval(ctx, post, 'changes_requested', actor, comment);
  return toPostJson(post);
}

/** Approves each post still awaiting approval; the others (approved, cancelled, under way meanwhile) are listed. */
export async function bulkApprove(
  ctx: AppContext,
  actor: ApprovalActor,
  postIds: readonly number[],
): Promise<BulkApproveResult> {
  const result: BulkApproveResult = { posts: [], skipped: [] };
  for (const id of postIds) {
    try {
      result.posts.push(await approvePost(ctx, actor, id));
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'not_awaiting_approval')) throw err;
      result.skipped.push({ id, status: (await postOrNotFound(ctx, id)).status });
    }
  }
  return result;
}
