import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import type { LibraryFilters, VideoPages } from './get-videos';
import { videoQueryKey } from './get-video';

/** A cached list under `['videos', …]`: the whole array, or the library's pages. */
type CachedList = Video[] | VideoPages | undefined;

function isPages(data: CachedList): data is VideoPages {
  return !!data && !Array.isArray(data) && Array.isArray((data as VideoPages).pages);
}

/**
 * Whether a cache entry under `['videos', …]` is a list of videos. A video's own look-ups live there too (its
 * captions, copies and fit plans: `['videos', id, 'captions']`), and are not lists: they are left alone.
 */
function isList(data: unknown): data is Video[] | VideoPages {
  return Array.isArray(data) || isPages(data as CachedList);
}

/** Applies `change` to the videos of either shape (a change that keeps their number). */
function changeList(data: CachedList, change: (videos: Video[]) => Video[]): CachedList {
  if (!isList(data)) return data;
  if (!isPages(data)) return change(data);
  return { ...data, pages: data.pages.map((page) => ({ ...page, videos: change(page.videos) })) };
}

/**
 * Applies a change to every cached video list and to the single-video entry. A page list whose filters the
 * video no longer passes (its status changed under a status filter) lets it go.
 */
export function updateCachedVideo(queryClient: QueryClient, video: Video) {
  for (const [key, data] of queryClient.getQueriesData<CachedList>({ queryKey: ['videos'] })) {
    if (!isList(data)) continue;
    const next =
      isPages(data) && !matches(video, key[3] as LibraryFilters | undefined)
        ? removeFromList(data, new Set([video.id]))
        : changeList(data, (list) => list.map((item) => (item.id === video.id ? video : item)));
    queryClient.setQueryData<CachedList>(key, next);
  }
  queryClient.setQueryData(videoQueryKey(video.id), video);
}

export function removeCachedVideos(queryClient: QueryClient, ids: readonly number[]) {
  const gone = new Set(ids);
  queryClient.setQueriesData<CachedList>({ queryKey: ['videos'] }, (data) => removeFromList(data, gone));
  for (const id of ids) queryClient.removeQueries({ queryKey: videoQueryKey(id) });
}

function removeFromList(data: CachedList, gone: ReadonlySet<number>): CachedList {
  if (!isList(data)) return data;
  if (!isPages(data)) return data.filter((item) => !gone.has(item.id));
  // The total falls by the removed videos of every page (each page carries the same total).
  const removed = data.pages.reduce((sum, page) => sum + page.videos.filter((v) => gone.has(v.id)).length, 0);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      videos: page.videos.filter((item) => !gone.has(item.id)),
      total: Math.max(0, page.total - removed),
    })),
  };
}

function matches(video: Video, filters: LibraryFilters | undefined): boolean {
  if (!filters) return true;
  // A new video is in no collection yet.
  if (filters.collectionId) return false;
  const tag = filters.tag?.trim().toLowerCase();
  if (tag && !video.tags.some((t) => t.toLowerCase() === tag)) return false;
  const needle = filters.q.trim().toLowerCase();
  return (
    (!filters.status || video.status === filters.status) && (!needle || video.title.toLowerCase().includes(needle))
  );
}

/**
 * A new video (a finished upload) at the top of its project's lists, newest first: the whole list and every
 * page list whose filters let it in (counted in their total). What a finished upload calls.
 */
export function addCachedVideo(queryClient: QueryClient, video: Video) {
  queryClient.setQueryData<Video[]>(
    ['videos', video.projectId],
    (list) => list && [video, ...list.filter((v) => v.id !== video.id)],
  );
  addToPages(queryClient, video);
}

/** The library's pages only: a video not in them yet goes on top of the first page, counted in the total; one there is replaced. */
function addToPages(queryClient: QueryClient, video: Video) {
  for (const [key, data] of queryClient.getQueriesData<CachedList>({
    queryKey: ['videos', video.projectId, 'pages'],
  })) {
    if (!isPages(data) || !matches(video, key[3] as LibraryFilters | undefined)) continue;
    const present = data.pages.some((page) => page.videos.some((v) => v.id === video.id));
    queryClient.setQueryData<VideoPages>(key, {
      ...data,
      pages: data.pages.map((page, index) =>
        present
          ? { ...page, videos: page.videos.map((v) => (v.id === video.id ? video : v)) }
          : { ...page, videos: index === 0 ? [video, ...page.videos] : page.videos, total: page.total + 1 },
      ),
    });
  }
}

/** Counts and quota change whenever videos come or go. */
export function refreshTotals(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['projects'] });
  void queryClient.invalidateQueries({ queryKey: ['storage'] });
}
