import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getStorage(signal?: AbortSignal): Promise<StorageResponse> {
  return api.get<StorageResponse>('/used-storage', signal);
}

export const storageQueryOptions = () =>
  queryOptions({ queryKey: ['storage'], queryFn: ({ signal }) => getStorage(signal) });

export function useStorage() {
  return useQuery(storageQueryOptions());
}
