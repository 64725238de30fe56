import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearAllDrafts } from '@/lib/form-drafts';
import { signOutOnServer } from '../pending-sign-outs';
import { clearSession, getToken } from '../session-store';

/** Signs out locally whatever the server answers: the user asked to leave. Unsaved drafts go with the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOutOnServer(getToken()),
    onSettled: () => {
      clearSession({ signedOut: true });
      clearAllDrafts();
      queryClient.clear();
    },
  });
}
