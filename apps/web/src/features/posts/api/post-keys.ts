import type { PostsQuery } from '@fanout/contracts';

/**
 * TanStack Query keys of posts, in one place: the live event stream (features/notifications) invalidates
 * `postKeys.all` when a post changes, and the video's own query (its status follows its posts).
 */
export const postKeys = {
  all: ['posts'] as const,
  ofVideo: (videoId: number) => ['posts', 'video', videoId] as const,
  list: (query: Partial<PostsQuery>) => ['posts', 'list', query] as const,
};
