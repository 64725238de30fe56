import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationResponse, InvitationPreview } from '@fanout/contracts';
import { api } from '@/lib/api-client';

/** What an invitation link is for (no sign-in needed). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    retry: false,
    queryFn: ({ signal }) => api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, signal),
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AcceptInvitationResponse>(`/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
