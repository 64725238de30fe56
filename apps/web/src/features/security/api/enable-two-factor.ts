import type { TwoFactorEnableBody, TwoFactorEnableResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

/** Confirms the pending secret with a code from it; answers the backup codes, shown once. */
export function enableTwoFactor(body: TwoFactorEnableBody): Promise<TwoFactorEnableResponse> {
  return api.post<TwoFactorEnableResponse>('/auth/2fa/enable', body);
}

export function useEnableTwoFactor() {
  return useSecurityMutation(enableTwoFactor, [securityKeys.twoFactor]);
}
