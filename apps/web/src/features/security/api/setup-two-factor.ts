import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetupResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { useReauthenticated } from '../reauthentication';

/** A new pending secret: not active until a code from it is confirmed with enable. */
export function setupTwoFactor(): Promise<TwoFactorSetupResponse> {
  return api.post<TwoFactorSetupResponse>('/auth/2fa/setup');
}

/** Asks "Confirm it's you" first when the server wants it. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: useReauthenticated<void, TwoFactorSetupResponse>(setupTwoFactor) });
}
