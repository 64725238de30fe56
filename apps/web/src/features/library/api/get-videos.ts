import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Video, VideoIdsResponse, VideoPage, VideoStatus } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getVideos(projectId: number | undefined, signal?: AbortSignal): Promise<Video[]> {
  // Without a current project the query is left out (spec section 7).
  return api.get<Video[]>(projectId ? `/videos?project_id=${projectId}` : '/videos', signal);
}

/** The project's whole list (the post composer's video choice, and what an upload adds to). */
export const videosQueryKey = (projectId: number | undefined) => ['videos', projectId ?? null] as const;

export const videosQueryOptions = (projectId: number | undefined) =>
  queryOptions({ queryKey: videosQueryKey(projectId), queryFn: ({ signal }) => getVideos(projectId, signal) });

export function useVideos(projectId: number | undefined, enabled: boolean) {
  return useQuery({ ...videosQueryOptions(projectId), enabled });
}

/** What the library asks the server to narrow its list by. */
export interface LibraryFilters {
  /** Title search; '' for none. */
  q: string;
  status: VideoStatus | null;
  /** Only videos with this tag (ignoring case); '' or absent for any. */
  tag?: string;
  /** Only videos in this collection; null or absent for any. */
  collectionId?: number | null;
}

/** Videos per page of the library (the server allows up to 100). */
export const LIBRARY_PAGE_SIZE = 50;

function filterParams(projectId: number | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (projectId) params.set('project_id', String(projectId));
  return params;
}

function addFilters(params: URLSearchParams, filters: LibraryFilters) {
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.status) params.set('status', filters.status);
  const tag = filters.tag?.trim();
  if (tag) params.set('tag', tag);
  if (filters.collectionId) params.set('collection_id', String(filters.collectionId));
}

export function getVideoPage(
  projectId: number | undefined,
  filters: LibraryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VideoPage> {
  const params = filterParams(projectId);
  params.set('limit', String(LIBRARY_PAGE_SIZE));
  addFilters(params, filters);
  if (cursor) params.set('cursor', cursor);
  return api.get<VideoPage>(`/videos?${params}`, signal);
}

/** Every id matching the filters, over all pages: what "Select all" selects. */
export async function getVideoIds(projectId: number, filters: LibraryFilters): Promise<number[]> {
  const params = filterParams(projectId);
  addFilters(params, filters);
  return (await api.get<VideoIdsResponse>(`/videos/ids?${params}`)).ids;
}

export type VideoPages = InfiniteData<VideoPage, string | null>;

/** Under the list's key, so every change to `['videos']` reaches the pages too. */
export const videoPagesQueryKey = (projectId: number | undefined, filters: LibraryFilters) =>
  [
    'videos',
    projectId ?? null,
    'pages',
    {
      q: filters.q.trim(),
      status: filters.status,
      // Only when set, so the keys of lists without them stay as they were.
      ...(filters.tag?.trim() ? { tag: filters.tag.trim().toLowerCase() } : {}),
      ...(filters.collectionId ? { collectionId: filters.collectionId } : {}),
    },
  ] as const;

/** The library's list, page by page; the previous filter's list stays on screen while the next one loads. */
export function useVideoPages(projectId: number | undefined, filters: LibraryFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: videoPagesQueryKey(projectId, filters),
    queryFn: ({ pageParam, signal }) => getVideoPage(projectId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}
