import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.get<MeResponse>('/auth/me', signal);
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => getMe(signal), retry: false, staleTime: 60_000 });

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
