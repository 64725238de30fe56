import { z } from 'zod';
import { Id } from './common';
import { PlatformKey } from './platforms';
import { Post } from './posts';

/**
 * What the header bell announces (`mention`: a team note names the person; the approval kinds: a post awaits
 * approval, was approved, or changes were asked for; docs/teams.md).
 */
export const NOTIFICATION_KINDS = [
  'published',
  'failed',
  'unconfirmed',
  'needs_reconnect',
  'approval_requested',
  'approved',
  'changes_requested',
  'mention',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z
  .object({
    id: z.number().int(),
    kind: NotificationKind,
    projectId: z.number().int().nullable(),
    platform: PlatformKey.nullable(),
    postId: z.number().int().nullable(),
    videoId: z.number().int().nullable(),
    /** One sentence for people: "Harbour at dawn was published on TikTok." */
    message: z.string(),
    /** Where the bell's link goes in the web app (`/video/12`, `/accounts`). */
    link: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({ notifications: z.array(Notification), unread: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;

/** Marks some (ids) or all notifications read. */
export const MarkNotificationsReadBody = z.union([
  z.strictObject({ ids: z.array(Id).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

/** What stays unread after marking some read. */
export const UnreadNotifications = z.object({ unread: z.number().int() });
export type UnreadNotifications = z.infer<typeof UnreadNotifications>;

/**
 * Server-Sent Events of GET /api/events: `notification` (a Notification, with `unread`), `post` (a Post that
 * changed: status, progress, error). Each event's data is one JSON object.
 */
export const NotificationEvent = z.object({ notification: Notification, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof NotificationEvent>;
export const PostEvent = z.object({ post: Post });
export type PostEvent = z.infer<typeof PostEvent>;
