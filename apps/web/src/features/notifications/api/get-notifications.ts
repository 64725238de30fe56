import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications', signal);
}

/** The live event stream keeps the list current, so opening the bell need not fetch it again at once. */
const STALE_MS = 30_000;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: STALE_MS,
  });

/** The bell's latest notifications and unread count; the live event stream keeps them current. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
