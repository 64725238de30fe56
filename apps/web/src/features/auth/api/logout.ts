import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '../session-store';

export function logout(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** Signs out locally whatever the server answers: the user asked to leave. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      clearSession({ signedOut: true });
      queryClient.clear();
    },
  });
}
