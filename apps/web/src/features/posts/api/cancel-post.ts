import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** Cancels a post before it starts; 409 once it has. */
export function cancelPost(id: number): Promise<PostResponse | undefined> {
  return api.delete<PostResponse | undefined>(`/posts/${id}`);
}

export function useCancelPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPost,
    // A 409 means the post moved on meanwhile: the lists show where it stands now.
    onSettled: () => refreshAfterPostChange(queryClient),
  });
}
