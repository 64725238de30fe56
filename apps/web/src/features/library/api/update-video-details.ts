import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVideoBody, VideoResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { updateCachedVideo } from './video-cache';

export function updateVideoDetails(id: number, body: UpdateVideoBody): Promise<VideoResponse> {
  return api.patch<VideoResponse>(`/videos/${id}`, body);
}

export function useUpdateVideoDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateVideoBody }) => updateVideoDetails(id, body),
    onSuccess: ({ video }) => updateCachedVideo(queryClient, video),
  });
}
