import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostingSlots, PutPostingSlotsBody } from '@fanout/contracts';
import { apiRequest } from '@/lib/api-client';
import { slotKeys } from './get-slots';

/** Replaces every posting slot of a project (and their zone). */
export function putPostingSlots(projectId: number, body: PutPostingSlotsBody): Promise<PostingSlots> {
  return apiRequest<PostingSlots>(`/projects/${projectId}/slots`, { method: 'PUT', body });
}

export function usePutPostingSlots(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutPostingSlotsBody) => putPostingSlots(projectId, body),
    onSuccess: (saved) => queryClient.setQueryData(slotKeys.slots(projectId), saved),
  });
}
