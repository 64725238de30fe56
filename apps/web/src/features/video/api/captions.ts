import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VideoCaptionResponse, VideoCaptionsResponse } from '@fanout/contracts';
import { api, API_BASE, authHeaders, toApiError } from '@/lib/api-client';

const captionsKey = (videoId: number) => ['videos', videoId, 'captions'] as const;

export function useCaptions(videoId: number) {
  return useQuery({
    queryKey: captionsKey(videoId),
    queryFn: ({ signal }) => api.get<VideoCaptionsResponse>(`/videos/${videoId}/captions`, signal),
  });
}

/** The file goes as it is (its text), never read or shown as HTML here; the server checks it cue by cue. */
async function uploadCaption(videoId: number, language: string, label: string, file: File) {
  const query = label.trim() ? `?label=${encodeURIComponent(label.trim())}` : '';
  const res = await fetch(`${API_BASE}/videos/${videoId}/captions/${encodeURIComponent(language)}${query}`, {
    method: 'PUT',
    headers: { ...authHeaders(), 'Content-Type': 'text/plain' },
    body: file,
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as VideoCaptionResponse;
}

export function useUploadCaption(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, label, file }: { language: string; label: string; file: File }) =>
      uploadCaption(videoId, language, label, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: captionsKey(videoId) }),
  });
}

export function useRemoveCaption(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => api.delete<void>(`/videos/${videoId}/captions/${encodeURIComponent(language)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: captionsKey(videoId) }),
  });
}
