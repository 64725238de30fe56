import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function search(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>(`/search?q=${encodeURIComponent(q)}`, signal);
}

export const searchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['search', q], queryFn: ({ signal }) => search(q, signal), staleTime: 15_000 });

export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q.length > 0, placeholderData: keepPreviousData });
}
