import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshTotals, removeCachedVideos } from './video-cache';

export function bulkDeleteVideos(videoIds: number[]): Promise<DeleteResponse> {
  return api.post<DeleteResponse>('/videos/bulk-delete', { videoIds });
}

export function useBulkDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteVideos,
    onSuccess: (result, videoIds) => {
      removeCachedVideos(queryClient, result?.deleted ?? videoIds);
      refreshTotals(queryClient);
    },
  });
}
