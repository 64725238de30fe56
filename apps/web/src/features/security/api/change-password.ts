import type { ChangePasswordBody, ChangePasswordResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { securityKeys, useSecurityMutation } from './security-queries';

/** The server ends every other session of the account when the password changes. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/auth/password', body);
}

export function useChangePassword() {
  return useSecurityMutation(changePassword, [securityKeys.sessions]);
}
