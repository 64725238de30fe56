import type { AccountFacts, Post, PostViolation, VideoFacts } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { DB } from '../../db/database';
import type { VideoRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { insertPosts } from '../../repositories/posts.repository';
import { lockVideosOfUser } from '../../repositories/videos.repository';
import { person, postsScheduled } from '../activity/activity-moments';
import { enqueuePublish, enqueuePublishMany } from '../publishing/publish-queue';
import type { PostAuthor } from '../approval/approval-rule';
import { notifyApproval, personActor, recordApproval, RULE_ACTOR } from '../approval/approval-events';
import { toPostJson } from './post-json';
import { assertNotPosted } from './post-targets';
import { accountFactsOf, violationsOf, type PostDraft } from './post-validation';

/**
 * Queues each post's publish job. The rows are committed already, so a queue that fails now loses nothing:
 * the sweep finds every due post that has no job within a minute.
 */
export async function handToScheduler(ctx: AppContext, rows: readonly { id: number; due_at: Date | null }[]) {
  try {
    if (rows.length === 1) await enqueuePublish(ctx, rows[0]!.id, rows[0]!.due_at ?? new Date());
    else
      await enqueuePublishMany(
        ctx,
        rows.map((row) => ({ postId: row.id, dueAt: row.due_at ?? new Date() })),
      );
  } catch (err) {
    ctx.log.warn({ err, posts: rows.length }, 'could not queue posts; the sweep will pick them up');
  }
}

/** One post to make: a video, what it sends to one platform, through which connection, and when. */
export interface PostPlan {
  video: VideoRow;
  draft: PostDraft;
  connection: PlatformConnectionRow;
  scheduledAt: Date;
  /** The facts of the fitting copy it sends, checked instead of the video's own; absent: the original. */
  facts?: VideoFacts;
  /** The fitting copy it sends; absent or null: the video as uploaded. */
  renditionId?: number | null;
  /** Asked to go out at once ("Publish now"), not at a time: the trail says so. */
  now?: boolean;
}

/** Each connection's account facts, asked once per connection however many videos go to it. */
async function accountFactsByConnection(ctx: AppContext, plans: readonly PostPlan[]) {
  const ids = [...new Set(plans.map((p) => p.connection.id))];
  const facts = await Promise.all(ids.map((id) => accountFactsOf(ctx, id)));
  return new Map<number, AccountFacts>(ids.map((id, i) => [id, facts[i]!]));
}

/** Every violation of every plan, each with the plan it belongs to. */
export async function checkPlans(
  ctx: AppContext,
  plans: readonly PostPlan[],
): Promise<{ plan: PostPlan; violation: PostViolation }[]> {
  const facts = await accountFactsByConnection(ctx, plans);
  return plans.flatMap((plan) =>
    violationsOf(plan.video, plan.draft, facts.get(plan.connection.id) ?? {}, plan.facts).map((violation) => ({
      plan,
      violation: { ...violation, connectionId: plan.connection.id },
    })),
  );
}

/**
 * Writes the posts, all or none: in one transaction that locks their videos (so two requests cannot both
 * pass the check for a post that is already there, and a video cannot be deleted meanwhile), then hands
 * each to the scheduler once the rows are committed. Made by someone whose posts need approval (`author`), they
 * wait `awaiting_approval` and the approvers are told; they are handed to the scheduler all the same, whose job
 * marks one still waiting at its time `approval_overdue` and never publishes it.
 */
export async function insertPlannedPosts(
  ctx: AppContext,
  userId: number,
  plans: readonly PostPlan[],
  /** Sets the plans' times inside the transaction (queued posts take their slots under its lock). */
  assignTimes?: (trx: DB) => Promise<void>,
  author?: PostAuthor,
): Promise<Post[]> {
  const videoIds = [...new Set(plans.map((p) => p.video.id))];
  const titles = new Map(plans.map((p) => [p.video.id, p.video.title]));
  const asking = !author?.needsApproval
    ? undefined
    : author.byRule
      ? RULE_ACTOR
      : await personActor(ctx, author.userId);
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockVideosOfUser(trx, videoIds, userId);
    if (locked.length !== videoIds.length) throw notFound('Video');
    await assignTimes?.(trx);
    await assertNotPosted(
      trx,
      plans.map((p) => ({
        videoId: p.video.id,
        platform: p.draft.platform,
        accountId: p.connection.account_id,
        accountName: p.connection.account_name,
        title: p.video.title,
      })),
    );
    const inserted = await insertPosts(
      trx,
      plans.map((p) => ({
        userId,
        projectId: p.video.project_id,
        videoId: p.video.id,
        connectionId: p.connection.id,
        platform: p.draft.platform,
        accountId: p.connection.account_id,
        accountName: p.connection.account_name,
        caption: p.draft.caption,
        options: p.draft.options,
        firstComment: p.draft.firstComment,
        renditionId: p.renditionId,
        scheduledAt: p.scheduledAt,
        status: author?.needsApproval ? 'awaiting_approval' : 'scheduled',
        createdBy: author?.userId ?? userId,
      })),
    );
    // One post per video and platform in a request (assertNotPosted), so the pair names its plan.
    const sentNow = new Set(plans.filter((p) => p.now).map((p) => `${p.video.id}:${p.draft.platform}`));
    await postsScheduled(
      trx,
      inserted,
      new Map(plans.map((p) => [p.video.id, p.video.title])),
      (post) => sentNow.has(`${post.video_id}:${post.platform}`),
      author?.byRule ? 'Fanout' : person(author?.userId ?? userId),
    );
    for (const row of asking ? inserted : []) {
      await recordApproval(trx, { ...row, video_title: titles.get(row.video_id) ?? '' }, 'awaiting_approval', asking!);
    }
    return inserted;
  });
  await handToScheduler(ctx, rows);
  const posts = rows.map((row) => ({ ...row, video_title: titles.get(row.video_id) ?? '' }));
  // The approvers are told of each post that waits for them.
  for (const post of asking ? posts : []) await notifyApproval(ctx, post, 'awaiting_approval', asking!);
  return posts.map(toPostJson);
}
