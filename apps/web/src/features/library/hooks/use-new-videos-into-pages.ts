import { useEffect } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { videosQueryKey } from '../api/get-videos';
import { addToPages } from '../api/video-cache';

/**
 * A video put at the top of the project's whole list in the cache (what a finished upload does) also goes
 * on top of the library's pages, so it shows at once where its upload was.
 */
export function useNewVideosIntoPages(projectId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (projectId === undefined) return;
    const key = hashKey(videosQueryKey(projectId));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
      if (event.query.queryHash !== key) return;
      const newest = (event.query.state.data as Video[] | undefined)?.[0];
      if (newest) addToPages(queryClient, newest, { onlyNew: true });
    });
  }, [projectId, queryClient]);
}
