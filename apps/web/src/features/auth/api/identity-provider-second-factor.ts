import { useMutation } from '@tanstack/react-query';
import type { AuthResult, IdentityProviderTwoFactorBody } from '@fanout/contracts';
import { API_BASE, toApiError } from '@/lib/api-client';
import { setSession } from '../session-store';

/**
 * Finishes an identity-provider sign-in that the account's two-factor authentication held: the ticket from
 * the first answer, with the code. Like that first call, sent without the stored session and without the
 * client's 401 handling, so a wrong code never signs out a session this browser may already hold.
 */
export async function identityProviderSecondFactor(
  providerId: string,
  body: IdentityProviderTwoFactorBody,
): Promise<AuthResult> {
  const res = await fetch(`${API_BASE}/auth/${encodeURIComponent(providerId)}/2fa`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as AuthResult;
}

export function useIdentityProviderSecondFactor() {
  return useMutation({
    mutationFn: ({ providerId, body }: { providerId: string; body: IdentityProviderTwoFactorBody }) =>
      identityProviderSecondFactor(providerId, body),
    onSuccess: (result) => setSession(result.token, result.user),
  });
}
