import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostResponse, RetryPostBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/**
 * Publishes a failed or unconfirmed post again (an unconfirmed one: the platform is asked first), as it was
 * or corrected: its caption, its options, a later time.
 */
export function retryPost(id: number, body?: RetryPostBody): Promise<PostResponse> {
  return api.post<PostResponse>(`/posts/${id}/retry`, body);
}

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body?: RetryPostBody }) => retryPost(id, body),
    onSettled: () => refreshAfterPostChange(queryClient),
  });
}
