import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BestTimes, PlatformKey } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { slotKeys } from './get-slots';

export const bestTimesQueryOptions = (projectId: number, platform: PlatformKey) =>
  queryOptions({
    queryKey: slotKeys.bestTimes(projectId, platform),
    queryFn: ({ signal }) => api.get<BestTimes>(`/projects/${projectId}/best-times?platform=${platform}`, signal),
    staleTime: 5 * 60_000,
  });

/** The best hours of the week to post on a platform, each with its reason. */
export function useBestTimes(projectId: number, platform: PlatformKey) {
  return useQuery(bestTimesQueryOptions(projectId, platform));
}
