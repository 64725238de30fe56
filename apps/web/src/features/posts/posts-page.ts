import { useInfiniteQuery } from '@tanstack/react-query';
import type { PlatformKey, PostPage, PostStatus } from '@fanout/contracts';
import { getPostsPage } from './api/get-posts';
import { pollInterval } from './api/get-video-posts';
import { postKeys } from './api/post-keys';

/** My Posts asks for this many at a time; "Load more" asks for the next as many. */
export const POSTS_PAGE_SIZE = 25;

export interface PostsFilter {
  status: PostStatus | '';
  platform: PlatformKey | '';
}

export const NO_FILTER: PostsFilter = { status: '', platform: '' };

/**
 * Every post of the project, newest first, filtered, one page after another (the cursor of the last page
 * asks for the next). Under `postKeys.all`, so any change to a post refreshes the pages loaded so far.
 */
export function usePostPages(projectId: number | undefined, filter: PostsFilter, connectionId?: number) {
  const query = {
    project_id: projectId,
    status: filter.status || undefined,
    platform: filter.platform || undefined,
    connection_id: connectionId,
    limit: POSTS_PAGE_SIZE,
  };
  return useInfiniteQuery({
    queryKey: [...postKeys.all, 'pages', query] as const,
    queryFn: ({ pageParam, signal }) => getPostsPage({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
    enabled: projectId !== undefined,
    refetchInterval: (q) => pollInterval(q.state.data?.pages.flatMap((page) => page.posts)),
  });
}
