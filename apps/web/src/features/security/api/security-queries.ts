import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const securityKeys = {
  twoFactor: ['security', 'two-factor'],
  passkeys: ['security', 'passkeys'],
  sessions: ['security', 'sessions'],
} as const satisfies Record<string, QueryKey>;

/** One of the Security screen's lists, read from the server. */
export function useSecurityQuery<T>(queryKey: QueryKey, path: string) {
  return useQuery({ queryKey, queryFn: ({ signal }) => api.get<T>(path, signal) });
}

/** A change to how the account signs in; on success the lists it touches are fetched again. */
export function useSecurityMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  refresh: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
