import type { NotificationKind } from '@fanout/contracts';
import type { DB } from '../db/database';
import type { NotificationRow, PostRow } from '../db/posts.schema';

export interface NewNotification {
  userId: number;
  projectId: number | null;
  kind: NotificationKind;
  platform: string | null;
  postId: number | null;
  videoId: number | null;
  message: string;
  link: string;
}

/** A post with its video's title, as lists and the live stream show it. */
export type PostWithTitle = PostRow & { video_title: string };

export async function insertNotification(db: DB, n: NewNotification): Promise<NotificationRow> {
  return db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      project_id: n.projectId,
      kind: n.kind,
      platform: n.platform,
      post_id: n.postId,
      video_id: n.videoId,
      message: n.message,
      link: n.link,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's latest notifications, newest first. */
export async function listNotifications(db: DB, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Unread notifications per user, for every user asked about (0 for those with none). */
export async function countUnread(db: DB, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .groupBy('user_id')
    .execute();
  for (const row of rows) counts.set(row.user_id, Number(row.unread));
  return counts;
}

/** Marks the user's notifications read: the ones listed (others' ids are left alone), or all of them. */
export async function markNotificationsRead(
  db: DB,
  userId: number,
  which: { ids: readonly number[] } | { all: true },
  at: Date,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('ids' in which) query = query.where('id', 'in', which.ids);
  await query.execute();
}

/** Notifications of these users with an id above `afterId`, oldest first (the live stream's poll). */
export async function listNotificationsAfter(
  db: DB,
  userIds: readonly number[],
  afterId: number,
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', 'in', userIds)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

/** The highest notification id so far (0 when there is none): where the live stream starts. */
export async function lastNotificationId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Posts of these users changed after `since` (posts_updated_idx), with their video's title. */
export async function listPostsChangedSince(db: DB, userIds: readonly number[], since: Date): Promise<PostWithTitle[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('posts')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .selectAll('posts')
    .select('videos.title as video_title')
    .where('posts.updated_at', '>', since)
    .where('posts.user_id', 'in', userIds)
    .orderBy('posts.updated_at')
    .orderBy('posts.id')
    .execute();
}

/** The title of a post's video, for the bell's sentence. */
export async function findVideoTitle(db: DB, videoId: number): Promise<string | undefined> {
  const row = await db.selectFrom('videos').select('title').where('id', '=', videoId).executeTakeFirst();
  return row?.title;
}

/** The database's clock: where the live stream starts reading posts' `updated_at`. */
export async function databaseNow(db: DB): Promise<Date> {
  const row = await db.selectNoFrom((eb) => eb.fn<Date>('now').as('now')).executeTakeFirstOrThrow();
  return new Date(row.now);
}
