import type { QueryClient } from '@tanstack/react-query';
import type { Video, VideoResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { updateCachedVideo } from './video-cache';

export function saveDuration(id: number, duration: string): Promise<VideoResponse | undefined> {
  return api.patch<VideoResponse | undefined>(`/videos/${id}/duration`, { duration });
}

/** Saves a duration read in the browser and shows it at once. */
export async function saveDurationAndCache(queryClient: QueryClient, video: Video, duration: string) {
  const result = await saveDuration(video.id, duration);
  updateCachedVideo(queryClient, result?.video ?? { ...video, duration });
}
