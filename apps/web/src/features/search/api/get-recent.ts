import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const RECENT_PAGE = 30;

export function getRecent(cursor: string | null, signal?: AbortSignal): Promise<SearchResponse> {
  const query = new URLSearchParams({ limit: String(RECENT_PAGE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<SearchResponse>(`/recent?${query}`, signal);
}

/** The person's videos and posts, most recently changed first, a page at a time; asked again on every visit. */
export function useRecent() {
  return useInfiniteQuery({
    queryKey: ['recent'],
    queryFn: ({ pageParam, signal }) => getRecent(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
