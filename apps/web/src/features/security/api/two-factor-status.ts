import type { TwoFactorStatus } from '@fanout/contracts';
import { securityKeys, useSecurityQuery } from './security-queries';

export function useTwoFactorStatus() {
  return useSecurityQuery<TwoFactorStatus>(securityKeys.twoFactor, '/auth/2fa/status');
}
