import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getVideos(projectId: number | undefined, signal?: AbortSignal): Promise<Video[]> {
  // Without a current project the query is left out (spec section 7).
  return api.get<Video[]>(projectId ? `/videos?project_id=${projectId}` : '/videos', signal);
}

export const videosQueryKey = (projectId: number | undefined) => ['videos', projectId ?? null] as const;

export const videosQueryOptions = (projectId: number | undefined) =>
  queryOptions({ queryKey: videosQueryKey(projectId), queryFn: ({ signal }) => getVideos(projectId, signal) });

export function useVideos(projectId: number | undefined, enabled: boolean) {
  return useQuery({ ...videosQueryOptions(projectId), enabled });
}
