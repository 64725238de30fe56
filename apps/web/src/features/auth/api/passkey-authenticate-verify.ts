import { useMutation } from '@tanstack/react-query';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { AuthResult } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { setSession } from '../session-store';

/** `PasskeyAuthenticateVerifyBody`, with the browser's answer as @simplewebauthn/browser produces it. */
export interface PasskeyVerifyBody {
  response: AuthenticationResponseJSON;
  challengeKey: string;
}

export function verifyPasskeySignIn(body: PasskeyVerifyBody): Promise<AuthResult> {
  return api.post<AuthResult>('/auth/passkey/authenticate/verify', body);
}

/** Signs in with a passkey's answer to the challenge; no two-factor step follows. */
export function useVerifyPasskeySignIn() {
  return useMutation({
    mutationFn: verifyPasskeySignIn,
    onSuccess: (result) => setSession(result.token, result.user),
  });
}
