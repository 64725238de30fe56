import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddMemberBody,
  CreateInvitationBody,
  Invitation,
  InvitationCreated,
  MemberRole,
  ProjectMember,
} from '@fanout/contracts';
import { api } from '@/lib/api-client';

const membersKey = (projectId: number) => ['members', projectId] as const;
const invitationsKey = (projectId: number) => ['invitations', projectId] as const;

export function useMembers(projectId: number) {
  return useQuery({
    queryKey: membersKey(projectId),
    queryFn: ({ signal }) =>
      api.get<{ members: ProjectMember[] }>(`/projects/${projectId}/members`, signal).then((r) => r.members),
  });
}

/** Pending invitations: asked only by the owner (anyone else would get 403). */
export function useInvitations(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(projectId),
    enabled,
    queryFn: ({ signal }) =>
      api.get<{ invitations: Invitation[] }>(`/projects/${projectId}/invitations`, signal).then((r) => r.invitations),
  });
}

/** A change to the project's people: its members and invitations are read again, and the project list (roles). */
function useTeamMutation<A, R>(projectId: number, call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: membersKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: invitationsKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

export const useAddMember = (projectId: number) =>
  useTeamMutation(projectId, (body: AddMemberBody) => api.post(`/projects/${projectId}/members`, body));

export const useChangeRole = (projectId: number) =>
  useTeamMutation(projectId, ({ userId, role }: { userId: number; role: MemberRole }) =>
    api.patch(`/projects/${projectId}/members/${userId}`, { role }),
  );

export const useRemoveMember = (projectId: number) =>
  useTeamMutation(projectId, (userId: number) => api.delete(`/projects/${projectId}/members/${userId}`));

export const useInvite = (projectId: number) =>
  useTeamMutation(projectId, (body: CreateInvitationBody) =>
    api.post<InvitationCreated>(`/projects/${projectId}/invitations`, body),
  );

export const useRevokeInvitation = (projectId: number) =>
  useTeamMutation(projectId, (id: number) => api.delete(`/projects/${projectId}/invitations/${id}`));

export const useHandOver = (projectId: number) =>
  useTeamMutation(projectId, (body: { userId: number; password: string }) =>
    api.post(`/projects/${projectId}/owner`, body),
  );
