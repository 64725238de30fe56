import type { OkResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

export function revokeSession(id: number): Promise<OkResponse> {
  return api.delete<OkResponse>(`/auth/sessions/${id}`);
}

export function useRevokeSession() {
  return useSecurityMutation(revokeSession, [securityKeys.sessions]);
}
