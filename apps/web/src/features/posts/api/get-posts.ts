import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostPage, PostsQuery } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { pollInterval } from './get-video-posts';
import { postKeys } from './post-keys';

/** The query string of GET /api/posts: only the parameters given, in a stable order. */
export function postsSearch(query: Partial<PostsQuery>): string {
  const params = new URLSearchParams();
  for (const key of ['project_id', 'status', 'platform', 'connection_id', 'from', 'to', 'limit', 'cursor'] as const) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function getPostsPage(query: Partial<PostsQuery>, signal?: AbortSignal): Promise<PostPage> {
  return api.get<PostPage>(`/posts?${postsSearch(query)}`, signal);
}

export const postsPageQueryOptions = (query: Partial<PostsQuery>) =>
  queryOptions({
    queryKey: postKeys.list(query),
    queryFn: ({ signal }) => getPostsPage(query, signal),
    refetchInterval: (q) => pollInterval(q.state.data?.posts),
  });

/**
 * One page of the project's posts (newest first), filtered by status, platform, account and time; the next page is
 * asked for with `cursor: page.nextCursor`. The previous page stays on screen while the next one loads.
 */
export function usePostsPage(query: Partial<PostsQuery>) {
  return useQuery({
    ...postsPageQueryOptions(query),
    enabled: query.project_id !== undefined,
    placeholderData: keepPreviousData,
  });
}
