import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostResponse, UpdatePostBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** Caption, options or time of a post that has not started; 409 once it has. */
export function updatePost(id: number, body: UpdatePostBody): Promise<PostResponse> {
  return api.patch<PostResponse>(`/posts/${id}`, body);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePostBody }) => updatePost(id, body),
    // A 409 means the post moved on meanwhile (it started, or was cancelled): the lists show where it stands now.
    onSettled: () => refreshAfterPostChange(queryClient),
  });
}
