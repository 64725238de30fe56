import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const DEFAULT_PRODUCT_NAME = 'Fanout';

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>('/config', signal);
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

export function useProductName(): string {
  return usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
}
