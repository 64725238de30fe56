import type { RevokedSessions } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

/** Signs out every session of the account but this one. */
export function revokeOtherSessions(): Promise<RevokedSessions> {
  return api.post<RevokedSessions>('/auth/sessions/revoke-others');
}

export function useRevokeOtherSessions() {
  return useSecurityMutation(revokeOtherSessions, [securityKeys.sessions]);
}
