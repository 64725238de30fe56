import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegisterBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '../browser-time-zone';
import { setSession } from '../session-store';

/** Sends this browser's zone along, so times are shown in it from the start ('UTC', the default, is left out). */
export function register(body: RegisterBody): Promise<AuthResult> {
  const timeZone = browserTimeZone();
  return api.post<AuthResult>('/auth/register', timeZone && timeZone !== 'UTC' ? { timeZone, ...body } : body);
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (result) => setSession(result.token, result.user),
  });
}
