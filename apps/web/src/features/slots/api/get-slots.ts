import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostingSlots } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const slotKeys = {
  slots: (projectId: number) => ['projects', projectId, 'slots'] as const,
  bestTimes: (projectId: number, platform: string) => ['projects', projectId, 'best-times', platform] as const,
};

export const slotsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: slotKeys.slots(projectId),
    queryFn: ({ signal }) => api.get<PostingSlots>(`/projects/${projectId}/slots`, signal),
  });

/** A project's weekly posting slots and their time zone. */
export function usePostingSlots(projectId: number) {
  return useQuery(slotsQueryOptions(projectId));
}
