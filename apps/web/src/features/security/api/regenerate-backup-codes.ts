import type { BackupCodesBody, BackupCodesResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

/** New backup codes for a code from the authenticator app; the old ones stop working. */
export function regenerateBackupCodes(body: BackupCodesBody): Promise<BackupCodesResponse> {
  return api.post<BackupCodesResponse>('/auth/2fa/backup-codes', body);
}

export function useRegenerateBackupCodes() {
  return useSecurityMutation(regenerateBackupCodes, [securityKeys.twoFactor]);
}
