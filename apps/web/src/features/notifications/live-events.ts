import type { QueryClient } from '@tanstack/react-query';
import { NotificationEvent, PostEvent, type NotificationList, type Post } from '@fanout/contracts';
import { postKeys } from '@/features/posts';
import type { StreamEvent } from '@/lib/event-stream';
import { notificationsQueryKey } from './api/get-notifications';

/** As many as GET /api/notifications lists. */
const LIST_SIZE = 30;

/** A new notification goes on top of the bell's list, with the server's unread count. */
export function applyNotificationEvent(queryClient: QueryClient, { notification, unread }: NotificationEvent) {
  const cached = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
  if (!cached) {
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    return;
  }
  const others = cached.notifications.filter((n) => n.id !== notification.id);
  const notifications = [notification, ...others].sort((a, b) => b.id - a.id).slice(0, LIST_SIZE);
  queryClient.setQueryData<NotificationList>(notificationsQueryKey, { notifications, unread });
}

function withPost(data: unknown, post: Post): unknown {
  const replace = (posts: Post[]) =>
    posts.some((p) => p.id === post.id) ? posts.map((p) => (p.id === post.id ? post : p)) : posts;
  if (Array.isArray(data)) return replace(data as Post[]);
  if (data && typeof data === 'object' && Array.isArray((data as { posts?: unknown }).posts)) {
    const page = data as { posts: Post[] };
    const posts = replace(page.posts);
    return posts === page.posts ? data : { ...page, posts };
  }
  return data;
}

/** A changed post shows at once wherever it is listed (its progress moves); lists refetch after. */
export function applyPostEvent(queryClient: QueryClient, { post }: PostEvent) {
  queryClient.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => withPost(data, post));
}

/**
 * The stream's events, checked against the contracts; other events are ignored. A `post` event whose post
 * does not read as expected still says that a post changed (`data` null): lists are refetched all the same.
 */
export function readLiveEvent(
  event: StreamEvent,
): { kind: 'notification'; data: NotificationEvent } | { kind: 'post'; data: PostEvent | null } | null {
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (event.event === 'notification') {
    const parsed = NotificationEvent.safeParse(json);
    return parsed.success ? { kind: 'notification', data: parsed.data } : null;
  }
  if (event.event === 'post') {
    const parsed = PostEvent.safeParse(json);
    return { kind: 'post', data: parsed.success ? parsed.data : null };
  }
  return null;
}
