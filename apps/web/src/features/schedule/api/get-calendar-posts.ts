import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POSTS_CALENDAR_MAX, type Post, type PostPage } from '@fanout/contracts';
import { postKeys, postsSearch } from '@/features/posts';
import { api } from '@/lib/api-client';

export interface CalendarRange {
  /** Inclusive, UTC ISO 8601. */
  from: string;
  /** Exclusive, UTC ISO 8601. */
  to: string;
}

/** Every post of the project due in the range: pages of up to 1,000 followed until the last. */
export async function getCalendarPosts(projectId: number, range: CalendarRange, signal?: AbortSignal): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | undefined;
  do {
    const query = { project_id: projectId, from: range.from, to: range.to, limit: POSTS_CALENDAR_MAX, cursor };
    const page = await api.get<PostPage>(`/posts?${postsSearch(query)}`, signal);
    posts.push(...page.posts);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return posts;
}

/** Under `postKeys.all`: a post changed anywhere (the live feed, an edit) refreshes the calendar too. */
export const calendarPostsKey = (projectId: number | undefined, range: CalendarRange | null) =>
  [...postKeys.all, 'calendar', projectId ?? null, range?.from ?? null, range?.to ?? null] as const;

/**
 * The one list every view of the calendar draws (month, week, day, agenda), so they cannot disagree. The
 * range shown before stays on screen while the next one loads.
 */
export function useCalendarPosts(projectId: number | undefined, range: CalendarRange | null) {
  return useQuery({
    queryKey: calendarPostsKey(projectId, range),
    queryFn: ({ signal }) => getCalendarPosts(projectId!, range!, signal),
    enabled: projectId !== undefined && range !== null,
    placeholderData: keepPreviousData,
  });
}
