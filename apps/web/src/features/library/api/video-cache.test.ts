import { QueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { buildVideo } from '@/test/factories';
import { videoPagesQueryKey, videosQueryKey, type LibraryFilters, type VideoPages } from './get-videos';
import { addCachedVideo, removeCachedVideos, updateCachedVideo } from './video-cache';

const all: LibraryFilters = { q: '', status: null };
const awaiting: LibraryFilters = { q: '', status: 'awaiting-details' };
const harbour: LibraryFilters = { q: 'harbour', status: null };

function pages(videos: Video[][], total: number): VideoPages {
  return {
    pages: videos.map((list, i) => ({ videos: list, nextCursor: i < videos.length - 1 ? `c${i}` : null, total })),
    pageParams: videos.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

function cache() {
  const a = buildVideo({ id: 1, title: 'Harbour at dawn', status: 'awaiting-details' });
  const b = buildVideo({ id: 2, title: 'Market day', status: 'awaiting-details' });
  const c = buildVideo({ id: 3, title: 'Harbour at night', status: 'ready' });
  const client = new QueryClient();
  client.setQueryData(videosQueryKey(1), [a, b, c]);
  client.setQueryData(videoPagesQueryKey(1, all), pages([[a, b], [c]], 3));
  client.setQueryData(videoPagesQueryKey(1, awaiting), pages([[a, b]], 2));
  client.setQueryData(videoPagesQueryKey(1, harbour), pages([[a, c]], 2));
  const read = (filters: LibraryFilters) => {
    const data = client.getQueryData<VideoPages>(videoPagesQueryKey(1, filters))!;
    return { ids: data.pages.flatMap((p) => p.videos.map((v) => v.id)), totals: data.pages.map((p) => p.total) };
  };
  return { client, a, b, c, read, whole: () => client.getQueryData<Video[]>(videosQueryKey(1))!.map((v) => v.id) };
}

describe('the video cache, for whole lists and pages alike', () => {
  it('changes a video everywhere, and lets it go from a list whose status filter it no longer passes', () => {
    const { client, a, read, whole } = cache();
    updateCachedVideo(client, { ...a, status: 'ready', title: 'Harbour at sunrise' });
    expect(whole()).toEqual([1, 2, 3]);
    expect(client.getQueryData<VideoPages>(videoPagesQueryKey(1, all))!.pages[0]!.videos[0]!.title).toBe(
      'Harbour at sunrise',
    );
    expect(read(all)).toEqual({ ids: [1, 2, 3], totals: [3, 3] });
    expect(read(awaiting)).toEqual({ ids: [2], totals: [1] });
    expect(read(harbour)).toEqual({ ids: [1, 3], totals: [2] });
  });

  it('puts a new video on top where its filters let it in, counted in the total', () => {
    const { client, read, whole } = cache();
    addCachedVideo(client, buildVideo({ id: 4, title: 'Harbour cranes', status: 'awaiting-details' }));
    expect(whole()).toEqual([4, 1, 2, 3]);
    expect(read(all)).toEqual({ ids: [4, 1, 2, 3], totals: [4, 4] });
    expect(read(awaiting)).toEqual({ ids: [4, 1, 2], totals: [3] });
    expect(read(harbour)).toEqual({ ids: [4, 1, 3], totals: [3] });
    addCachedVideo(client, buildVideo({ id: 5, title: 'Market noon', status: 'ready' }));
    expect(read(awaiting).ids).toEqual([4, 1, 2]);
    expect(read(harbour).ids).toEqual([4, 1, 3]);
  });

  it('removes deleted videos from every list and lowers the totals by as many', () => {
    const { client, read, whole } = cache();
    removeCachedVideos(client, [1, 3]);
    expect(whole()).toEqual([2]);
    expect(read(all)).toEqual({ ids: [2], totals: [1, 1] });
    expect(read(awaiting)).toEqual({ ids: [2], totals: [1] });
    expect(read(harbour)).toEqual({ ids: [], totals: [0] });
  });

  it("leaves a video's own look-ups under ['videos', id, …] as they are (its captions, its copies)", () => {
    const { client, a, whole } = cache();
    const captions = { captions: [{ id: 4, language: 'en' }] };
    const copies = { renditions: [] };
    client.setQueryData(['videos', 1, 'captions'], captions);
    client.setQueryData(['videos', 1, 'renditions'], copies);
    updateCachedVideo(client, { ...a, title: 'Harbour at sunrise' });
    removeCachedVideos(client, [2]);
    expect(whole()).toEqual([1, 3]);
    expect(client.getQueryData(['videos', 1, 'captions'])).toBe(captions);
    expect(client.getQueryData(['videos', 1, 'renditions'])).toBe(copies);
  });
});
