import type { MarkNotificationsReadBody, NotificationList } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { countUnread, listNotifications, markNotificationsRead } from '../../repositories/notifications.repository';
import { toNotificationJson } from './notification-json';

/** How many the bell lists: the latest ones; older ones stay counted in `unread` until marked read. */
export const NOTIFICATION_LIST_LIMIT = 30;

async function unreadOf(ctx: AppContext, userId: number): Promise<number> {
  return (await countUnread(ctx.db, [userId])).get(userId) ?? 0;
}

export async function listUserNotifications(ctx: AppContext, userId: number): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    listNotifications(ctx.db, userId, NOTIFICATION_LIST_LIMIT),
    unreadOf(ctx, userId),
  ]);
  return { notifications: rows.map(toNotificationJson), unread };
}

/** Marks the user's own notifications read (ids of anyone else's change nothing); returns what stays unread. */
export async function markUserNotificationsRead(
  ctx: AppContext,
  userId: number,
  body: MarkNotificationsReadBody,
): Promise<{ unread: number }> {
  await markNotificationsRead(ctx.db, userId, 'all' in body ? { all: true } : { ids: body.ids }, new Date());
  return { unread: await unreadOf(ctx, userId) };
}
