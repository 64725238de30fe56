import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionList, CollectionResponse, OkResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const collectionsKey = (projectId: number | undefined) => ['collections', projectId ?? null] as const;

export function useCollections(projectId: number | undefined) {
  return useQuery({
    queryKey: collectionsKey(projectId),
    queryFn: ({ signal }) => api.get<CollectionList>(`/collections?project_id=${projectId}`, signal),
    enabled: projectId !== undefined,
  });
}

/** A change to a project's collections: its list, and the library filtered by one, are read again. */
function useCollectionMutation<V>(projectId: number | undefined, fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionsKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: ['videos'] }),
      ]),
  });
}

export function useCreateCollection(projectId: number | undefined) {
  return useCollectionMutation(projectId, (name: string) =>
    api.post<CollectionResponse>('/collections', { project_id: projectId, name }),
  );
}

export function useDeleteCollection(projectId: number | undefined) {
  return useCollectionMutation(projectId, (id: number) => api.delete<OkResponse>(`/collections/${id}`));
}

export function useAddToCollection(projectId: number | undefined) {
  return useCollectionMutation(projectId, ({ id, videoIds }: { id: number; videoIds: number[] }) =>
    api.post<CollectionResponse>(`/collections/${id}/videos`, { videoIds }),
  );
}
