import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkScheduleBody, PostList } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterPostChange } from './refresh-after-change';

/** Schedules each video to the platforms, spaced; 400 `validation_failed` lists violations per video. */
export function bulkSchedule(body: BulkScheduleBody): Promise<PostList> {
  return api.post<PostList>('/posts/bulk', body);
}

export function useBulkSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkSchedule, onSuccess: () => refreshAfterPostChange(queryClient) });
}
