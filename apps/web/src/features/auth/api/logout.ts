import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOutOnServer } from '../pending-sign-outs';
import { clearSession, getToken } from '../session-store';

/** Signs out locally whatever the server answers: the user asked to leave. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOutOnServer(getToken()),
    onSettled: () => {
      clearSession({ signedOut: true });
      queryClient.clear();
    },
  });
}
