import type { Notification, PlatformKey } from '@fanout/contracts';
import type { NotificationRow } from '../../db/posts.schema';

/** A stored notification as the API shows it. */
export function toNotificationJson(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    projectId: row.project_id,
    platform: row.platform as PlatformKey | null,
    postId: row.post_id,
    videoId: row.video_id,
    message: row.message,
    link: row.link,
    read: row.read_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
