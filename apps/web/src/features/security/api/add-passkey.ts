import { startRegistration } from '@simplewebauthn/browser';
import type { PasskeyRegistrationOptions, PasskeyRegisterVerifyBody, PasskeyResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { useReauthenticated } from '../reauthentication';
import { securityKeys, useSecurityMutation } from './security-queries';

/** Options from the server, the browser's create() ceremony, then the server stores the new passkey. */
export async function addPasskey(deviceName: string): Promise<PasskeyResponse> {
  const optionsJSON = await api.post<PasskeyRegistrationOptions>('/auth/passkey/register/options');
  const response = await startRegistration({
    optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const body: PasskeyRegisterVerifyBody = {
    response: response as PasskeyRegisterVerifyBody['response'],
    deviceName: deviceName.trim() || undefined,
  };
  return api.post<PasskeyResponse>('/auth/passkey/register/verify', body);
}

/** Asks "Confirm it's you" first when the server wants it (the options call answers 403). */
export function useAddPasskey() {
  return useSecurityMutation(useReauthenticated(addPasskey), [securityKeys.passkeys]);
}
