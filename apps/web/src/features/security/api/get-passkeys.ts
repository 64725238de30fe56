import type { PasskeyList } from '@fanout/contracts';
import { securityKeys, useSecurityQuery } from './security-queries';

export function usePasskeys() {
  return useSecurityQuery<PasskeyList>(securityKeys.passkeys, '/auth/passkey/list');
}
