import type { ActivityEventRow } from '../../db/activity.schema';
import type { DB } from '../../db/database';
import { lastActivityEventId, listActivityEventsAfter } from '../../repositories/activity-events.repository';
import type { NotificationRow } from '../../db/posts.schema';
import type { RenditionRow } from '../../db/renditions.schema';
import { listRenditionsChangedSince } from '../../repositories/renditions.repository';
import {
  databaseNow,
  lastNotificationId,
  listNotificationsAfter,
  listPostsChangedSince,
  type PostWithTitle,
} from '../../repositories/notifications.repository';

/**
 * How far back each poll looks again. A row is visible only once its transaction commits, which can be a
 * moment after its id was taken or its `updated_at` written: a writer that committed late would otherwise
 * slip under a cursor that has already moved past it. What a poll has sent is remembered, so nothing is sent
 * twice.
 */
export const LOOK_BACK_MS = 5_000;
const LOOK_BACK_POLLS = 5;
const ACTIVITY_PAGE = 500;
const ACTIVITY_PER_POLL = 10_000;

export interface Changes {
  notifications: NotificationRow[];
  posts: PostWithTitle[];
  /** New events of the users' projects' trails. */
  activity: ActivityEventRow[];
  /** Fitting copies whose row changed (status, progress). */
  renditions: RenditionRow[];
}

/**
 * Rows that carry their last change in `updated_at` (posts, fitting copies): read again from a little before the
 * newest change seen, each version sent once.
 */
class UpdatedRows<T extends { id: number; updated_at: Date }> {
  /** Row id → the `updated_at` (ms) of the version sent. */
  private readonly sent = new Map<number, number>();
  private newest: number;

  constructor(
    private readonly startedAt: number,
    private readonly read: (userIds: readonly number[], since: Date) => Promise<T[]>,
  ) {
    this.newest = startedAt;
  }

  async poll(userIds: readonly number[]): Promise<T[]> {
    const since = Math.max(this.startedAt, this.newest - LOOK_BACK_MS);
    const rows = await this.read(userIds, new Date(since));
    const fresh = rows.filter((row) => (this.sent.get(row.id) ?? -Infinity) < row.updated_at.getTime());
    for (const row of fresh) this.sent.set(row.id, row.updated_at.getTime());
    for (const row of rows) this.newest = Math.max(this.newest, row.updated_at.getTime());
    const kept = this.newest - LOOK_BACK_MS;
    for (const [id, at] of this.sent) if (at <= kept) this.sent.delete(id);
    return fresh;
  }
}

/**
 * What changed since the previous poll for the users listening: notifications added and posts whose row was
 * updated (status, progress, error). It reads the database, so a change made by any process is seen.
 */
export class ChangeFeed {
  /** The highest notification id seen at each of the last few polls, oldest first. */
  private readonly notificationFloors: number[];
  private readonly sentNotifications = new Set<number>();
  private readonly posts: UpdatedRows<PostWithTitle>;
  private readonly renditions: UpdatedRows<RenditionRow>;
  /** The same look-back for the trail's events, by id. */
  private readonly activityFloors: number[];
  private readonly sentActivity = new Set<number>();

  private constructor(
    private readonly db: DB,
    lastId: number,
    startedAt: number,
    lastActivityId = 0,
  ) {
    this.notificationFloors = [lastId];
    this.posts = new UpdatedRows(startedAt, (users, since) => listPostsChangedSince(db, users, since));
    this.renditions = new UpdatedRows(startedAt, (users, since) => listRenditionsChangedSince(db, users, since));
    this.activityFloors = [lastActivityId];
  }

  /** A feed that reports what happens from now on. */
  static async start(db: DB): Promise<ChangeFeed> {
    const [lastId, now, lastActivityId] = await Promise.all([
      lastNotificationId(db),
      databaseNow(db),
      lastActivityEventId(db),
    ]);
    return new ChangeFeed(db, lastId, now.getTime(), lastActivityId);
  }

  async poll(userIds: readonly number[]): Promise<Changes> {
    return {
      notifications: await this.newNotifications(userIds),
      posts: await this.posts.poll(userIds),
      activity: await this.newActivity(userIds),
      renditions: await this.renditions.poll(userIds),
    };
  }

  private async newActivity(userIds: readonly number[]): Promise<ActivityEventRow[]> {
    // A burst (a CSV import schedules thousands of posts) is read page after page, up to a bound per poll.
    const rows: ActivityEventRow[] = [];
    for (let after = this.activityFloors[0]!; rows.length < ACTIVITY_PER_POLL;) {
      const page = await listActivityEventsAfter(this.db, userIds, after, ACTIVITY_PAGE);
      rows.push(...page);
      if (page.length < ACTIVITY_PAGE) break;
      after = page.at(-1)!.id;
    }
    const fresh = rows.filter((row) => !this.sentActivity.has(row.id));
    for (const row of fresh) this.sentActivity.add(row.id);
    this.activityFloors.push(Math.max(this.activityFloors.at(-1)!, ...rows.map((row) => row.id)));
    if (this.activityFloors.length > LOOK_BACK_POLLS) this.activityFloors.shift();
    const kept = this.activityFloors[0]!;
    for (const id of this.sentActivity) if (id <= kept) this.sentActivity.delete(id);
    return fresh;
  }

  private async newNotifications(userIds: readonly number[]): Promise<NotificationRow[]> {
    const floor = this.notificationFloors[0]!;
    const rows = await listNotificationsAfter(this.db, userIds, floor);
    const fresh = rows.filter((row) => !this.sentNotifications.has(row.id));
    for (const row of fresh) this.sentNotifications.add(row.id);
    const highest = Math.max(this.notificationFloors.at(-1)!, ...rows.map((row) => row.id));
    this.notificationFloors.push(highest);
    if (this.notificationFloors.length > LOOK_BACK_POLLS) this.notificationFloors.shift();
    const kept = this.notificationFloors[0]!;
    for (const id of this.sentNotifications) if (id <= kept) this.sentNotifications.delete(id);
    return fresh;
  }
}
