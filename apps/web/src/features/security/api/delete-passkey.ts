import type { OkResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

export function deletePasskey(id: number): Promise<OkResponse> {
  return api.delete<OkResponse>(`/auth/passkey/${id}`);
}

export function useDeletePasskey() {
  return useSecurityMutation(deletePasskey, [securityKeys.passkeys]);
}
