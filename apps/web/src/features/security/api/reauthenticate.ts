import type { ReauthenticateBody, ReauthenticateResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

/** Confirms the password: for the next few minutes this session may change how the account signs in. */
export function reauthenticate(body: ReauthenticateBody): Promise<ReauthenticateResponse> {
  return api.post<ReauthenticateResponse>('/auth/reauthenticate', body);
}
