import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FirstSteps } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const firstStepsKey = (projectId: number | undefined) => ['first-steps', projectId ?? null] as const;

export function getFirstSteps(projectId: number, signal?: AbortSignal): Promise<FirstSteps> {
  return api.get<FirstSteps>(`/projects/${projectId}/first-steps`, signal);
}

/** The lists whose change can tick a step: connections, videos (an upload lands there) and posts. */
const WATCHED: readonly unknown[] = ['connections', 'connected-platforms', 'videos', 'video', 'posts'];

/**
 * The project's first-run path, asked again whenever one of the watched lists gets new data: connecting,
 * uploading and posting each refresh those lists wherever they happen, so the steps follow without every
 * feature having to know about them.
 */
export function useFirstSteps(projectId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (projectId === undefined) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (!WATCHED.includes(event.query.queryKey[0])) return;
      void queryClient.invalidateQueries({ queryKey: firstStepsKey(projectId) });
    });
  }, [queryClient, projectId]);
  return useQuery({
    queryKey: firstStepsKey(projectId),
    queryFn: ({ signal }) => getFirstSteps(projectId!, signal),
    enabled: projectId !== undefined,
    staleTime: 0,
  });
}
