import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostsBody, PostList } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** 201 with every post created, or 400 `validation_failed` with every broken rule (see `postViolations`). */
export function createPosts(videoId: number, body: CreatePostsBody): Promise<PostList> {
  return api.post<PostList>(`/videos/${videoId}/posts`, body);
}

export function useCreatePosts(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostsBody) => createPosts(videoId, body),
    onSuccess: () => refreshAfterPostChange(queryClient),
  });
}
