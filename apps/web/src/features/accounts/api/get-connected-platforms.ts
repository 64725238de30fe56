import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectedPlatformsResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getConnectedPlatforms(projectId: number, signal?: AbortSignal): Promise<ConnectedPlatformsResponse> {
  return api.get<ConnectedPlatformsResponse>(`/connected-platforms?project_id=${projectId}`, signal);
}

export const connectedPlatformsQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: ['connected-platforms', projectId ?? null],
    queryFn: ({ signal }) => getConnectedPlatforms(projectId!, signal),
    enabled: projectId !== undefined,
  });

/** Platforms connected to the current project; empty while there is no project. */
export function useConnectedPlatforms(projectId: number | undefined) {
  return useQuery(connectedPlatformsQueryOptions(projectId));
}
