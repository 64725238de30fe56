import { useInfiniteQuery } from '@tanstack/react-query';
import type { SecurityEventList } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const SECURITY_EVENTS_PAGE = 20;

export function getSecurityEvents(before: number | null, signal?: AbortSignal): Promise<SecurityEventList> {
  const query = new URLSearchParams({ limit: String(SECURITY_EVENTS_PAGE) });
  if (before !== null) query.set('before', String(before));
  return api.get<SecurityEventList>(`/activity/security?${query}`, signal);
}

/** The account's security events, newest first, a page at a time. */
export function useSecurityEvents() {
  return useInfiniteQuery({
    queryKey: ['activity', 'security'],
    queryFn: ({ pageParam, signal }) => getSecurityEvents(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
