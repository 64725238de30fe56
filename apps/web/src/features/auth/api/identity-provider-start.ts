import { useMutation } from '@tanstack/react-query';
import type { IdentityProviderStartResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { rememberIdentityProviderSignIn } from '../identity-provider-state';

export function startIdentityProviderSignIn(providerId: string): Promise<IdentityProviderStartResponse> {
  return api.post<IdentityProviderStartResponse>(`/auth/${encodeURIComponent(providerId)}/start`);
}

/** Asks for a single-use state, keeps it for the way back, and sends the window to the provider. */
export function useStartIdentityProviderSignIn() {
  return useMutation({
    mutationFn: startIdentityProviderSignIn,
    onSuccess: (result, providerId) => {
      rememberIdentityProviderSignIn({ provider: providerId, state: result.state });
      window.location.assign(result.authorizationUrl);
    },
  });
}
