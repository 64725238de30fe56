import type { TwoFactorDisableBody, TwoFactorDisableResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

export function disableTwoFactor(body: TwoFactorDisableBody): Promise<TwoFactorDisableResponse> {
  return api.post<TwoFactorDisableResponse>('/auth/2fa/disable', body);
}

export function useDisableTwoFactor() {
  return useSecurityMutation(disableTwoFactor, [securityKeys.twoFactor]);
}
