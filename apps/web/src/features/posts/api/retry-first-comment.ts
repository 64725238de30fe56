import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** Sends a published post's failed first comment again; the post itself is left as it is. */
export function retryFirstComment(id: number): Promise<PostResponse> {
  return api.post<PostResponse>(`/posts/${id}/first-comment/retry`);
}

export function useRetryFirstComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryFirstComment(id),
    onSettled: () => refreshAfterPostChange(queryClient),
  });
}
