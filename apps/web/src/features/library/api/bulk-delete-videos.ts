import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { refreshTotals, removeCachedVideos } from './video-cache';

/** The most ids one request may carry (BulkDeleteBody). */
export const BULK_DELETE_CHUNK = 500;

export function bulkDeleteVideos(videoIds: number[]): Promise<DeleteResponse> {
  return api.post<DeleteResponse>('/videos/bulk-delete', { videoIds });
}

export function useBulkDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    // A selection of every match can be thousands of videos: sent in requests of at most 500, one after another.
    // What went before a refused request stays deleted and leaves the list.
    mutationFn: async (videoIds: number[]) => {
      const deleted: number[] = [];
      try {
        for (let start = 0; start < videoIds.length; start += BULK_DELETE_CHUNK) {
          const chunk = videoIds.slice(start, start + BULK_DELETE_CHUNK);
          const result = await bulkDeleteVideos(chunk);
          deleted.push(...(result?.deleted ?? chunk));
        }
      } catch (error) {
        if (deleted.length > 0) {
          removeCachedVideos(queryClient, deleted);
          refreshTotals(queryClient);
        }
        throw error;
      }
      return { deleted };
    },
    onSuccess: ({ deleted }) => {
      removeCachedVideos(queryClient, deleted);
      refreshTotals(queryClient);
    },
  });
}
