import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ConnectionList } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getConnections(projectId: number, signal?: AbortSignal): Promise<ConnectionList> {
  return api.get<ConnectionList>(`/connections?project_id=${projectId}`, signal);
}

export const connectionsQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: ['connections', projectId ?? null],
    queryFn: ({ signal }) => getConnections(projectId!, signal),
    enabled: projectId !== undefined,
  });

/** The current project's platform accounts with their health. */
export function useConnections(projectId: number | undefined) {
  return useQuery(connectionsQueryOptions(projectId));
}

/** After a connection is made or removed: its list and the platforms a post can go to are out of date. */
export function invalidateConnections(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['connections'] });
  void queryClient.invalidateQueries({ queryKey: ['connected-platforms'] });
}
