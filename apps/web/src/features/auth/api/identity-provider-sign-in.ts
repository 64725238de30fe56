import { useMutation } from '@tanstack/react-query';
import type { IdentityProviderSignInBody, IdentityProviderSignInResult } from '@fanout/contracts';
import { API_BASE, toApiError } from '@/lib/api-client';
import { setSession } from '../session-store';

/**
 * Sent without the stored session and without the client's 401 handling: a refused ID token says
 * nothing about a session this browser may already hold, so it must not sign that one out.
 * An account with two-factor on answers `{requires2FA, challengeKey}`: see identity-provider-second-factor.
 */
export async function identityProviderSignIn(
  providerId: string,
  body: IdentityProviderSignInBody,
): Promise<IdentityProviderSignInResult> {
  const res = await fetch(`${API_BASE}/auth/${encodeURIComponent(providerId)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as IdentityProviderSignInResult;
}

export function useIdentityProviderSignIn() {
  return useMutation({
    mutationFn: ({ providerId, body }: { providerId: string; body: IdentityProviderSignInBody }) =>
      identityProviderSignIn(providerId, body),
    onSuccess: (result) => {
      if ('token' in result) setSession(result.token, result.user);
    },
  });
}
