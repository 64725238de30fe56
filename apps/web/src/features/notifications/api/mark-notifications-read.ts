import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadBody, NotificationList, UnreadNotifications } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export function markNotificationsRead(body: MarkNotificationsReadBody): Promise<UnreadNotifications> {
  return api.post<UnreadNotifications>('/notifications/read', body);
}

/** Marks some or all read: shown read at once, with the server's count once it answers. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const update = (change: (list: NotificationList) => NotificationList) =>
    queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) => list && change(list));
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (body) => {
      const marks = (id: number) => 'all' in body || body.ids.includes(id);
      update((list) => {
        const newlyRead = list.notifications.filter((n) => !n.read && marks(n.id)).length;
        return {
          notifications: list.notifications.map((n) => (marks(n.id) ? { ...n, read: true } : n)),
          unread: 'all' in body ? 0 : Math.max(0, list.unread - newlyRead),
        };
      });
    },
    onSuccess: ({ unread }) => update((list) => ({ ...list, unread })),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
