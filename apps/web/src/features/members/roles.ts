import type { MemberRole, ProjectRole } from '@fanout/contracts';

/** Each role in a few words, as the select and the join page show it. */
export const ROLE_LABELS: Record<ProjectRole, string> = {
  owner: 'Owner',
  editor: 'Editor — videos, posts, schedule',
  reviewer: 'Reviewer — sees everything, approves',
  client: 'Client — sees planned posts, approves',
};

export const MEMBER_ROLES: readonly MemberRole[] = ['editor', 'reviewer', 'client'];

export const roleName = (role: ProjectRole) => ROLE_LABELS[role].split(' — ')[0]!;
