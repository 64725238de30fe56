import type { ActivityEventRow } from '../../db/activity.schema';
import type { DB } from '../../db/database';
import type { VideoRow } from '../../db/schema';
import { findPostOfUser } from '../../repositories/posts.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import type { RuleSubjectFacts } from './rule-matching';

export interface RuleSubject {
  video: VideoRow;
  /** The post, for post events. */
  post?: { id: number; platform: string; status: string };
  facts: RuleSubjectFacts;
}

/**
 * The event's subject as it is now, read from the database (a video event: the video; a post event: the post
 * and its video). Undefined when it is gone.
 */
export async function loadRuleSubject(db: DB, event: ActivityEventRow): Promise<RuleSubject | undefined> {
  const id = Number(event.subject_id);
  if (!Number.isSafeInteger(id)) return undefined;
  if (event.subject_kind === 'video') {
    const video = await findVideoOfUser(db, id, event.user_id);
    return video && { video, facts: factsOf(video, video.platforms) };
  }
  if (event.subject_kind === 'post') {
    const post = await findPostOfUser(db, id, event.user_id);
    const video = post && (await findVideoOfUser(db, post.video_id, event.user_id));
    if (!post || !video) return undefined;
    return {
      video,
      post: { id: post.id, platform: post.platform, status: post.status },
      facts: factsOf(video, [post.platform]),
    };
  }
  return undefined;
}

function factsOf(video: VideoRow, platforms: readonly string[]): RuleSubjectFacts {
  return { title: video.title, tags: video.tags, durationSeconds: video.duration_seconds, platforms };
}
