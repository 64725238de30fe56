import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post, PostList } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';

export function getVideoPosts(videoId: number, signal?: AbortSignal): Promise<PostList> {
  return api.get<PostList>(`/videos/${videoId}/posts`, signal);
}

/**
 * How often to look again while nothing else says a post changed: often while one is being published (its
 * progress moves), now and then while one waits for its time, never once all are settled. The live event
 * stream refreshes sooner when it is open.
 */
export function pollInterval(posts: readonly Post[] | undefined): number | false {
  if (!posts) return false;
  if (posts.some((post) => post.status === 'publishing')) return 2_000;
  if (posts.some((post) => post.status === 'scheduled')) return 15_000;
  return false;
}

export const videoPostsQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: postKeys.ofVideo(videoId),
    queryFn: ({ signal }) => getVideoPosts(videoId, signal).then((r) => r.posts),
    refetchInterval: (query) => pollInterval(query.state.data),
  });

/** Every post of one video, newest first as the server gives them. */
export function useVideoPosts(videoId: number) {
  return useQuery({ ...videoPostsQueryOptions(videoId), enabled: Number.isInteger(videoId) && videoId > 0 });
}
