import type { DB } from '../../db/database';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { PostRow } from '../../db/posts.schema';
import type { VideoRow } from '../../db/schema';
import { insertActivityEvents, type NewActivityEvent } from '../../repositories/activity-events.repository';

/** Who did it: a person (by id; the trail names them, and says "you" to them alone), or `Fanout` (a rule). */
export type Actor = NewActivityEvent['actor'];

/** The person acting, as the trail keeps them. */
export const person = (personId: number): Actor => ({ personId });
import { findVideoTitle } from '../../repositories/notifications.repository';
import { platformName, postOutcomeMessage } from '../notifications/notify';
import { recordActivity } from './record-activity';

/**
 * The trail's events, one function per moment, each called with the transaction that makes the change. `data`
 * carries what automation rules match on (title, tags, duration, platform).
 */
const quoted = (title: string) => `“${title || 'Untitled video'}”`;

function videoData(video: Pick<VideoRow, 'title' | 'tags' | 'duration_seconds' | 'platforms'>) {
  return { title: video.title, tags: video.tags, durationSeconds: video.duration_seconds, platforms: video.platforms };
}

export async function videoUploaded(db: DB, video: VideoRow, by: number): Promise<void> {
  await recordActivity(db, {
    userId: video.user_id,
    projectId: video.project_id,
    type: 'video.uploaded',
    actor: person(by),
    subject: { kind: 'video', id: video.id, title: video.title },
    message: `${quoted(video.title)} was uploaded.`,
    link: `/video/${video.id}`,
    data: videoData(video),
  });
}

export async function videoDetailsSaved(db: DB, video: VideoRow, by: number): Promise<void> {
  await recordActivity(db, {
    userId: video.user_id,
    projectId: video.project_id,
    type: 'video.details_saved',
    actor: person(by),
    subject: { kind: 'video', id: video.id, title: video.title },
    message: `The details of ${quoted(video.title)} were saved${video.status === 'ready' ? '; it is ready to post' : ''}.`,
    link: `/video/${video.id}`,
    data: { ...videoData(video), status: video.status },
  });
}

function postActivity(
  post: PostRow,
  type: 'post.scheduled' | 'post.published' | 'post.failed' | 'post.cancelled',
  actor: Actor,
  message: (title: string) => string,
  videoTitle: string,
): NewActivityEvent {
  return {
    userId: post.user_id,
    projectId: post.project_id,
    type,
    actor,
    subject: {
      kind: 'post',
      id: post.id,
      title: `${videoTitle || 'Untitled video'} on ${platformName(post.platform)}`,
    },
    message: message(videoTitle),
    link: `/video/${post.video_id}`,
    data: {
      title: videoTitle,
      platform: post.platform,
      videoId: post.video_id,
      scheduledAt: post.scheduled_at ? new Date(post.scheduled_at).toISOString() : null,
      ...(post.url ? { url: post.url } : {}),
    },
  };
}

async function postEvent(
  db: DB,
  post: PostRow,
  type: 'post.published' | 'post.failed' | 'post.cancelled',
  actor: Actor,
  message: (title: string) => string,
): Promise<void> {
  const videoTitle = (await findVideoTitle(db, post.video_id)) ?? '';
  await recordActivity(db, postActivity(post, type, actor, message, videoTitle));
}

/** Posts planned together, one event each, in one statement: "scheduled … for <time>", or sent at once. */
export async function postsScheduled(
  db: DB,
  posts: readonly PostRow[],
  titles: ReadonlyMap<number, string>,
  sentNow: (post: PostRow) => boolean,
  by: Actor,
): Promise<void> {
  await insertActivityEvents(
    db,
    posts.map((post) => {
      const on = platformName(post.platform);
      const when = new Date(post.scheduled_at).toISOString().slice(0, 16).replace('T', ' ');
      return postActivity(
        post,
        'post.scheduled',
        by,
        (t) =>
          sentNow(post)
            ? `${quoted(t)} was sent to ${on} to be published now.`
            : `${quoted(t)} was scheduled on ${on} for ${when} UTC.`,
        titles.get(post.video_id) ?? '',
      );
    }),
  );
}

export function postPublished(db: DB, post: PostRow): Promise<void> {
  return postEvent(db, post, 'post.published', 'Fanout', (t) =>
    postOutcomeMessage(t || 'Untitled video', post.platform, 'published', post.error, post.applied_privacy),
  );
}

export function postFailed(db: DB, post: PostRow): Promise<void> {
  return postEvent(db, post, 'post.failed', 'Fanout', (t) =>
    postOutcomeMessage(t || 'Untitled video', post.platform, 'failed', post.error),
  );
}

export function postCancelled(db: DB, post: PostRow, by: number): Promise<void> {
  return postEvent(
    db,
    post,
    'post.cancelled',
    person(by),
    (t) => `The post of ${quoted(t)} on ${platformName(post.platform)} was cancelled.`,
  );
}

function connectionEvent(
  db: DB,
  connection: PlatformConnectionRow,
  type: 'connection.connected' | 'connection.expiring' | 'connection.lost',
  actor: Actor,
  message: string,
  data: Record<string, unknown> = {},
): Promise<unknown> {
  const on = platformName(connection.platform);
  return recordActivity(db, {
    userId: connection.user_id,
    projectId: connection.project_id,
    type,
    actor,
    subject: { kind: 'connection', id: connection.id, title: `${connection.account_name} on ${on}` },
    message,
    link: '/accounts',
    data: { platform: connection.platform, ...data },
  });
}

export async function connectionConnected(db: DB, connection: PlatformConnectionRow, by: number): Promise<void> {
  const on = platformName(connection.platform);
  await connectionEvent(
    db,
    connection,
    'connection.connected',
    person(by),
    `${connection.account_name} on ${on} was connected.`,
  );
}

export async function connectionLost(db: DB, connection: PlatformConnectionRow, reason: string): Promise<void> {
  const on = platformName(connection.platform);
  await connectionEvent(
    db,
    connection,
    'connection.lost',
    on,
    `${connection.account_name} on ${on} needs to be connected again: ${reason}`,
    { reason },
  );
}

export async function connectionExpiring(
  db: DB,
  connection: PlatformConnectionRow,
  reason: string | null,
  endsAt: Date,
): Promise<void> {
  const on = platformName(connection.platform);
  await connectionEvent(
    db,
    connection,
    'connection.expiring',
    on,
    `${connection.account_name} on ${on} will need to be connected again soon${reason ? `: ${reason}` : '.'}`,
    { endsAt: endsAt.toISOString() },
  );
}
