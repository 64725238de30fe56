import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getVideo(id: number, signal?: AbortSignal): Promise<VideoResponse> {
  return api.get<VideoResponse>(`/videos/${id}`, signal);
}

export const videoQueryKey = (id: number) => ['video', id] as const;

export const videoQueryOptions = (id: number) =>
  queryOptions({ queryKey: videoQueryKey(id), queryFn: ({ signal }) => getVideo(id, signal).then((r) => r.video) });

export function useVideo(id: number) {
  return useQuery({ ...videoQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
