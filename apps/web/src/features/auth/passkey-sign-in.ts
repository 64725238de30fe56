import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { getPasskeyAuthenticationOptions } from './api/passkey-authenticate-options';
import type { PasskeyVerifyBody } from './api/passkey-authenticate-verify';

export { isPasskeyPromptCancelled } from './passkey-prompt';

export const PASSKEY_FAILED = 'Passkey sign-in failed';
export const PASSKEY_CANCELLED = 'No passkey was used. Try again, or sign in with your password.';
export const PASSKEY_UNSUPPORTED = 'This browser cannot sign in with a passkey. Sign in with your password instead.';

interface AssertionOptions {
  /** what was typed as username or e-mail; left out for autofill, where nothing is typed yet */
  identifier?: string;
  /** conditional mediation: the browser offers the passkeys in the username field's autofill */
  useBrowserAutofill?: boolean;
  /** asked once the challenge has arrived: false leaves the browser alone */
  shouldContinue?: () => boolean;
}

/**
 * Fetches a challenge and has the browser sign it with a passkey.
 * Resolves to what /auth/passkey/authenticate/verify takes, or null when told not to continue.
 */
export async function requestPasskeyAssertion({
  identifier,
  useBrowserAutofill = false,
  shouldContinue = () => true,
}: AssertionOptions = {}): Promise<PasskeyVerifyBody | null> {
  const { challengeKey, ...options } = await getPasskeyAuthenticationOptions(
    identifier === undefined ? {} : { email: identifier, username: identifier },
  );
  if (!shouldContinue()) return null;
  // The server builds these with SimpleWebAuthn; the contract types its enums as plain strings.
  const optionsJSON = options as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill });
  return { response, challengeKey };
}
