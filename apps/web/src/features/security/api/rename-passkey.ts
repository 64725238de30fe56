import type { PasskeyResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

export function renamePasskey({ id, deviceName }: { id: number; deviceName: string }): Promise<PasskeyResponse> {
  return api.patch<PasskeyResponse>(`/auth/passkey/${id}`, { deviceName });
}

export function useRenamePasskey() {
  return useSecurityMutation(renamePasskey, [securityKeys.passkeys]);
}
