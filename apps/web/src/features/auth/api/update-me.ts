import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse, UpdateMeBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { rememberTimeZoneAsked } from '../browser-time-zone';
import { setUser } from '../session-store';
import { meQueryOptions } from './get-me';

/** Changes the signed-in user's settings (today: the time zone); 400 `invalid_time_zone` for an unknown zone. */
export function updateMe(body: UpdateMeBody): Promise<MeResponse> {
  return api.patch<MeResponse>('/auth/me', body);
}

/** Keeps both copies of the user: the session check would otherwise put the old one back. */
export function storeMe(queryClient: QueryClient, result: MeResponse) {
  queryClient.setQueryData(meQueryOptions().queryKey, result);
  setUser(result.user);
  // A zone chosen here is a choice: the browser's own is not offered for this account any more.
  rememberTimeZoneAsked(result.user.id);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMe, onSuccess: (result) => storeMe(queryClient, result) });
}
