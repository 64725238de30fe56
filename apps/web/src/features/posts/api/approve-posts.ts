import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkApproveResult, PostResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** Approves a post awaiting approval; 409 `not_awaiting_approval` once it is not (approved, changed, cancelled). */
export function approvePost(id: number): Promise<PostResponse> {
  return api.post<PostResponse>(`/posts/${id}/approve`, {});
}

/** Asks for changes: the post waits on, showing the comment to its author. */
export function requestChanges({ id, comment }: { id: number; comment: string }): Promise<PostResponse> {
  return api.post<PostResponse>(`/posts/${id}/request-changes`, { comment });
}

export function bulkApprove(postIds: number[]): Promise<BulkApproveResult> {
  return api.post<BulkApproveResult>('/posts/bulk/approve', { postIds });
}

/** The three approval calls; each refreshes every post list (and the videos) whether it worked or not. */
export function useApproval() {
  const queryClient = useQueryClient();
  const onSettled = () => refreshAfterPostChange(queryClient);
  return {
    approve: useMutation({ mutationFn: approvePost, onSettled }),
    requestChanges: useMutation({ mutationFn: requestChanges, onSettled }),
    bulkApprove: useMutation({ mutationFn: bulkApprove, onSettled }),
  };
}
