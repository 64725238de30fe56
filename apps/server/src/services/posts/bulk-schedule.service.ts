import type { PostAuthor } from '../approval/approval-rule';
import type { BulkScheduleBody, BulkViolation, PlatformKey, Post } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import type { VideoRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findVideosOfUser } from '../../repositories/videos.repository';
import { queueTimes } from '../slots/queue-times';
import { checkPostTime } from './post-time';
import { connectionsForPlatforms } from './post-targets';
import { PostViolationsError } from './post-validation';
import { assertPlaylistsAllowed } from './playlist-scope';
import { assertCommentAllowed, firstCommentOf } from './first-comment-scope';
import { planCopies } from './post-copies';
import { checkPlans, insertPlannedPosts, type PostPlan } from './schedule-posts';

const MINUTE_MS = 60_000;

/** The caller's videos in the order asked for, all of one project; 404 when one is not theirs. */
async function videosInOrder(ctx: AppContext, userId: number, ids: readonly number[]): Promise<VideoRow[]> {
  if (new Set(ids).size !== ids.length) throw badRequest('Each video at most once', 'duplicate_video');
  const rows = await findVideosOfUser(ctx.db, ids, userId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const videos = ids.map((id) => byId.get(id));
  if (videos.some((v) => v === undefined)) throw notFound('Video');
  const found = videos as VideoRow[];
  if (new Set(found.map((v) => v.project_id)).size > 1) {
    throw badRequest('Select videos of one project: each project has its own accounts', 'mixed_projects');
  }
  const untitled = found.filter((v) => !v.title.trim());
  if (untitled.length > 0) {
    throw conflict(`Give every selected video a title first (${untitled.length} have none)`, 'details_incomplete');
  }
  return found;
}

/**
 * POST /api/posts/bulk: each selected video to every chosen platform (to the accounts named of it in
 * `connectionIds`, else its only account), the first at `scheduledAt` and each next one `intervalMinutes` later
 * (or, queued, into each account's next free slots in order), with the captions built from each video, the
 * first comment given (for all, or per platform) and, with `fit`, each one's default fitting copy (planCopies,
 * as a post made alone). All or nothing: every violation of
 * every video is reported at once (with its video's id) and nothing is created.
 */
export async function bulkSchedule(
  ctx: AppContext,
  userId: number,
  body: BulkScheduleBody,
  author?: PostAuthor,
): Promise<Post[]> {
  if (new Set(body.platforms).size !== body.platforms.length) {
    throw badRequest('Each platform at most once', 'duplicate_platform');
  }
  const videos = await videosInOrder(ctx, userId, body.videoIds);
  const now = new Date();
  const first = body.scheduledAt ? checkPostTime(new Date(body.scheduledAt), now) : now;
  const times = videos.map((_, i) =>
    body.queue ? now : checkPostTime(new Date(first.getTime() + i * body.intervalMinutes * MINUTE_MS), now),
  );
  const projectId = videos[0]!.project_id;
  const connections = await connectionsForPlatforms(ctx.db, projectId, body.platforms, body.connectionIds);
  const plans: PostPlan[] = videos.flatMap((video, i) =>
    connections.map((connection) => {
      const platform = connection.platform as PlatformKey;
      return {
        video,
        draft: {
          platform,
          caption: null,
          options: body.options?.[platform] ?? {},
          firstComment: firstCommentOf(
            typeof body.firstComment === 'string' ? body.firstComment : body.firstComment?.[platform],
          ),
        },
        connection,
        scheduledAt: times[i]!,
        now: !body.queue && times[i]!.getTime() === now.getTime(),
      };
    }),
  );
  const askCopies = await planCopies(
    ctx,
    userId,
    plans,
    plans.map(() => ({ fit: body.fit })),
  );
  assertCommentAllowed(plans);
  for (const plan of plans) assertPlaylistsAllowed(plan.connection, plan.draft.options);
  const broken = await checkPlans(ctx, plans);
  if (broken.length > 0) {
    throw new PostViolationsError<BulkViolation>(
      broken.map(({ plan, violation }) => ({ ...violation, videoId: plan.video.id })),
    );
  }
  await askCopies();
  // Queued: per account, the videos in the order given take the next free slots, under the project's queue lock.
  const assignSlots = async (trx: DB) => {
    for (const connection of connections) {
      const slots = await queueTimes(trx, projectId, connection, videos.length, now);
      plans.filter((plan) => plan.connection === connection).forEach((plan, i) => (plan.scheduledAt = slots[i]!));
    }
  };
  return insertPlannedPosts(ctx, userId, plans, body.queue ? assignSlots : undefined, author);
}
