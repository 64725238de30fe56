import type { PasskeyAuthenticateOptionsBody, PasskeyAuthenticationOptions } from '@fanout/contracts';
import { api } from '@/lib/api-client';

/** A single-use challenge for signing in with a passkey, and the key to send back with the answer. */
export function getPasskeyAuthenticationOptions(
  body: PasskeyAuthenticateOptionsBody = {},
): Promise<PasskeyAuthenticationOptions> {
  return api.post<PasskeyAuthenticationOptions>('/auth/passkey/authenticate/options', body ?? {});
}
