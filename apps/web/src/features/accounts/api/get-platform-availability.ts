import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformAvailability } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getPlatformAvailability(signal?: AbortSignal): Promise<PlatformAvailability> {
  return api.get<PlatformAvailability>('/platforms', signal);
}

export const platformAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: ['platforms'],
    queryFn: ({ signal }) => getPlatformAvailability(signal),
    staleTime: 5 * 60_000,
  });

/** Which platforms this server can connect, and which of them are the sandbox. */
export function usePlatformAvailability() {
  return useQuery(platformAvailabilityQueryOptions());
}
