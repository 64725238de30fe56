import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FitRequest, FitResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';

/** Whether a video fits one target, and the plan of a copy that does. Nothing is rendered. */
export function postFit(videoId: number, body: FitRequest): Promise<FitResponse> {
  return api.post<FitResponse>(`/videos/${videoId}/fit`, body);
}

/** Asked once options and settings have stopped changing this long, not for every step of a slider. */
const SETTLE_MS = 400;

/**
 * The fit of `videoId` for the target and settings in `body`. Not under the post keys: a post's change does
 * not change the video, and TikTok's check asks TikTok (counted per user). The last answer stays shown while
 * the next is asked, so the plan does not flicker.
 */
export function useVideoFit(videoId: number, body: FitRequest) {
  // Compared as text: the body is a new object on every render, the same settings are not a change.
  const settled = useDebounced(JSON.stringify(body), SETTLE_MS);
  return useQuery({
    queryKey: ['videos', videoId, 'fit', settled] as const,
    queryFn: () => postFit(videoId, JSON.parse(settled) as FitRequest),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
