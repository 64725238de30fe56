import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshTotals, removeCachedVideos } from './video-cache';

export function deleteVideo(id: number): Promise<unknown> {
  return api.delete(`/videos/${id}`);
}

/** On an OK answer the video leaves the list; otherwise it stays. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_result, id) => {
      removeCachedVideos(queryClient, [id]);
      refreshTotals(queryClient);
    },
  });
}
