import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ActivityStreamEvent, type ActivityList, type ActivityType } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const ACTIVITY_PAGE = 30;

export const activityKeys = {
  all: ['activity', 'trail'] as const,
  trail: (projectId: number | undefined, type: ActivityType | undefined) =>
    ['activity', 'trail', projectId ?? null, type ?? 'all'] as const,
};

export function getActivity(
  projectId: number,
  type: ActivityType | undefined,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ActivityList> {
  const query = new URLSearchParams({ project_id: String(projectId), limit: String(ACTIVITY_PAGE) });
  if (type) query.set('type', type);
  if (cursor) query.set('cursor', cursor);
  return api.get<ActivityList>(`/activity?${query}`, signal);
}

/** The project's trail with the account's security events, newest first, a page at a time. */
export function useActivity(projectId: number | undefined, type: ActivityType | undefined) {
  return useInfiniteQuery({
    queryKey: activityKeys.trail(projectId, type),
    queryFn: ({ pageParam, signal }) => getActivity(projectId!, type, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: projectId !== undefined,
  });
}

/**
 * A new event from the live stream goes on top of the open trails of its project that show its type (the
 * pages after it are unchanged: their cursors are positions, not offsets).
 */
export function applyActivityEvent(queryClient: QueryClient, json: unknown): void {
  const parsed = ActivityStreamEvent.safeParse(json);
  if (!parsed.success) return;
  const { projectId, event } = parsed.data;
  for (const type of ['all', event.type] as const) {
    const key = ['activity', 'trail', projectId, type];
    queryClient.setQueryData<InfiniteData<ActivityList, string | null>>(key, (data) => {
      if (!data?.pages.length || data.pages.some((page) => page.events.some((e) => e.id === event.id))) return data;
      const [first, ...rest] = data.pages;
      return { ...data, pages: [{ ...first!, events: [event, ...first!.events] }, ...rest] };
    });
  }
}
