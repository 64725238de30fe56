import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** Publishes a failed or unconfirmed post again (an unconfirmed one: the platform is asked first). */
export function retryPost(id: number): Promise<PostResponse> {
  return api.post<PostResponse>(`/posts/${id}/retry`);
}

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryPost, onSettled: () => refreshAfterPostChange(queryClient) });
}
