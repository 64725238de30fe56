import type { SessionList } from '@fanout/contracts';
import { securityKeys, useSecurityQuery } from './security-queries';

export function useSessions() {
  return useSecurityQuery<SessionList>(securityKeys.sessions, '/auth/sessions');
}
