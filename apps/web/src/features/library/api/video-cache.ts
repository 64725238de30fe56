import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { videoQueryKey } from './get-video';

/** Applies a change to every cached video list and to the single-video entry. */
export function updateCachedVideo(queryClient: QueryClient, video: Video) {
  queryClient.setQueriesData<Video[]>({ queryKey: ['videos'] }, (list) =>
    list?.map((item) => (item.id === video.id ? video : item)),
  );
  queryClient.setQueryData(videoQueryKey(video.id), video);
}

export function removeCachedVideos(queryClient: QueryClient, ids: readonly number[]) {
  const gone = new Set(ids);
  queryClient.setQueriesData<Video[]>({ queryKey: ['videos'] }, (list) => list?.filter((item) => !gone.has(item.id)));
  for (const id of ids) queryClient.removeQueries({ queryKey: videoQueryKey(id) });
}

/** Counts and quota change whenever videos come or go. */
export function refreshTotals(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['projects'] });
  void queryClient.invalidateQueries({ queryKey: ['storage'] });
}
