import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegisterBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { setSession } from '../session-store';

export function register(body: RegisterBody): Promise<AuthResult> {
  return api.post<AuthResult>('/auth/register', body);
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (result) => setSession(result.token, result.user),
  });
}
