import type { OkResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { useReauthenticated } from '../reauthentication';
import { securityKeys, useSecurityMutation } from './security-queries';

export function deletePasskey(id: number): Promise<OkResponse> {
  return api.delete<OkResponse>(`/auth/passkey/${id}`);
}

/** Asks "Confirm it's you" first when the server wants it. */
export function useDeletePasskey() {
  return useSecurityMutation(useReauthenticated(deletePasskey), [securityKeys.passkeys]);
}
