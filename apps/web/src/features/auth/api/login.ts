import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { setSession } from '../session-store';

export function login(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>('/auth/login', body);
}

/** Signs in; a finished sign-in stores token and user, a 2FA answer is handed back to the screen. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('token' in result) setSession(result.token, result.user);
    },
  });
}
