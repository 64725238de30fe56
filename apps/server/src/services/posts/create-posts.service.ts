import type { CreatePostsBody, Post } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import type { VideoRow } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { findUserById } from '../../repositories/users.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import type { PostAuthor } from '../approval/approval-rule';
import { queueTimes } from '../slots/queue-times';
import { assertCaptionsAllowed } from '../captions/captions-scope';
import { assertCommentAllowed, firstCommentOf } from './first-comment-scope';
import { assertPlaylistsAllowed } from './playlist-scope';
import { planCopies } from './post-copies';
import { resolvePostTime } from './post-time';
import { connectionsForTargets } from './post-targets';
import { PostViolationsError } from './post-validation';
import { checkPlans, insertPlannedPosts, type PostPlan } from './schedule-posts';

export async function ownVideo(ctx: AppContext, userId: number, videoId: number): Promise<VideoRow> {
  const video = await findVideoOfUser(ctx.db, videoId, userId);
  if (!video) throw notFound('Video');
  return video;
}

/** The person's IANA zone, in which `scheduledLocal` times are read: the one acting, not the project's owner. */
export async function userTimeZone(ctx: AppContext, userId: number): Promise<string> {
  return (await findUserById(ctx.db, userId))?.time_zone ?? 'UTC';
}

/**
 * A video without a title cannot be posted: every platform shows one, and YouTube and Reddit refuse a post
 * without it. A video still `awaiting-details` with a title may be posted: the rest of its details are optional.
 */
export function assertPostable(video: VideoRow): void {
  if (!video.title.trim()) throw conflict('Give the video a title before posting it', 'details_incomplete');
}

/**
 * POST /api/videos/:id/posts: one post per target (an account: the one it names, or its platform's only one in
 * the project), now or at a time, after every target passed its platform's rules (400 with all the violations
 * of all the targets otherwise) and nothing blocks it (409). All or none.
 */
export async function createPosts(
  ctx: AppContext,
  userId: number,
  videoId: number,
  body: CreatePostsBody,
  author?: PostAuthor,
): Promise<Post[]> {
  const video = await ownVideo(ctx, userId, videoId);
  assertPostable(video);
  const now = new Date();
  const scheduledAt = body.queue ? now : resolvePostTime(body, await userTimeZone(ctx, author?.userId ?? userId), now);
  const connections = await connectionsForTargets(ctx.db, video.project_id, body.targets);
  const plans: PostPlan[] = body.targets.map((target, i) => ({
    video,
    draft: {
      platform: target.platform,
      caption: target.caption ?? null,
      options: target.options ?? {},
      firstComment: firstCommentOf(target.firstComment),
    },
    connection: connections[i]!,
    scheduledAt,
    // No time given (or one a moment ago): "Publish now".
    now: !body.queue && scheduledAt.getTime() === now.getTime(),
  }));
  const askCopies = await planCopies(ctx, userId, plans, body.targets);
  assertCommentAllowed(plans);
  for (const plan of plans) assertPlaylistsAllowed(plan.connection, plan.draft.options);
  await assertCaptionsAllowed(ctx, plans);
  const broken = await checkPlans(ctx, plans);
  if (broken.length > 0) throw new PostViolationsError(broken.map((b) => b.violation));
  // Asked for only once every target passed: a refused request makes no copy.
  await askCopies();
  // "Add to queue": each target takes its account's next free slot, under the project's queue lock.
  const assignSlots = async (trx: DB) => {
    for (const plan of plans) {
      plan.scheduledAt = (await queueTimes(trx, video.project_id, plan.connection, 1, now))[0]!;
    }
  };
  return insertPlannedPosts(ctx, userId, plans, body.queue ? assignSlots : undefined, author);
}
