import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rendition, RenditionList, RenditionRequest, RenditionResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const renditionKeys = { ofVideo: (videoId: number) => ['videos', videoId, 'renditions'] as const };

const working = (r: Rendition) => r.status === 'queued' || r.status === 'rendering';

/** Asked this often while a copy is being made; not at all once none is. */
const POLL_MS = 1000;

/** The fitting copies of a video; asked again every second while one is queued or rendering. */
export function useRenditions(videoId: number, enabled: boolean) {
  return useQuery({
    queryKey: renditionKeys.ofVideo(videoId),
    queryFn: ({ signal }) => api.get<RenditionList>(`/videos/${videoId}/renditions`, signal),
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data?.renditions.some(working) ? POLL_MS : false),
  });
}

/**
 * Makes the copy for a target and settings (202 with the rendition; the same settings answer the copy already
 * made). It joins the video's list at once, so its progress shows without waiting for the next poll.
 */
export function useMakeRendition(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenditionRequest) => api.post<RenditionResponse>(`/videos/${videoId}/renditions`, body),
    onSuccess: ({ rendition }) => {
      queryClient.setQueryData<RenditionList>(renditionKeys.ofVideo(videoId), (list) => ({
        renditions: [rendition, ...(list?.renditions ?? []).filter((r) => r.id !== rendition.id)],
      }));
      void queryClient.invalidateQueries({ queryKey: renditionKeys.ofVideo(videoId) });
    },
  });
}
