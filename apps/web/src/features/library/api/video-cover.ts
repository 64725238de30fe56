import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoResponse } from '@fanout/contracts';
import { api, API_BASE, authHeaders, handleUnauthorized, toApiError } from '@/lib/api-client';
import { updateCachedVideo } from './video-cache';

/** PUT /api/videos/:id/cover: the frame `frameMs` in; the server makes its still. */
export function setCoverFrame(id: number, frameMs: number): Promise<VideoResponse> {
  return api.put<VideoResponse>(`/videos/${id}/cover`, { frameMs });
}

/** PUT /api/videos/:id/cover/image with the file itself as the body (the server reads what it is from its bytes). */
export async function setCoverImage(id: number, file: File): Promise<VideoResponse> {
  const res = await fetch(`${API_BASE}/videos/${id}/cover/image`, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream', ...authHeaders() },
    body: file,
  });
  if (res.status === 401) handleUnauthorized();
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as VideoResponse;
}

export function removeCover(id: number): Promise<VideoResponse> {
  return api.delete<VideoResponse>(`/videos/${id}/cover`);
}

export type CoverChange = { frameMs: number } | { file: File } | 'remove';

/** One mutation for the three changes, so the screen shows one busy state and one error at a time. */
export function useChangeCover(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CoverChange) =>
      change === 'remove'
        ? removeCover(id)
        : 'file' in change
          ? setCoverImage(id, change.file)
          : setCoverFrame(id, change.frameMs),
    onSuccess: ({ video }) => updateCachedVideo(queryClient, video),
  });
}
