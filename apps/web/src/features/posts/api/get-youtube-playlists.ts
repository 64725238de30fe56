import { queryOptions, useQuery } from '@tanstack/react-query';
import type { YouTubePlaylistsResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

/**
 * The YouTube channel's own playlists (GET /api/connections/:id/playlists). Not under the post keys, as publish
 * options are not: each fetch asks YouTube. A failure is shown with Try again rather than retried unseen.
 */
export const youtubePlaylistsQueryOptions = (connectionId: number) =>
  queryOptions({
    queryKey: ['connections', 'playlists', connectionId] as const,
    queryFn: ({ signal }) => api.get<YouTubePlaylistsResponse>(`/connections/${connectionId}/playlists`, signal),
    staleTime: 60_000,
    retry: false,
  });

export const useYouTubePlaylists = (connectionId: number | null, enabled = true) =>
  useQuery({ ...youtubePlaylistsQueryOptions(connectionId ?? 0), enabled: enabled && connectionId !== null });
