import { z } from 'zod';
import { Email } from './auth';

/**
 * A person's part in a project. The owner is the one person the project belongs to (its storage counts against
 * their quota); the others are members the owner added.
 */
export const ProjectRole = z.enum(['owner', 'editor', 'reviewer', 'client']);
export type ProjectRole = z.infer<typeof ProjectRole>;

/** The roles a member can be given: a project has exactly one owner, changed only by handing it over. */
export const MemberRole = z.enum(['editor', 'reviewer', 'client']);
export type MemberRole = z.infer<typeof MemberRole>;

/**
 * What a request needs from the caller's role in the project it touches. Every route names one of these, and
 * ROLE_CAN says which roles have it: the whole of who may do what, in one table.
 */
export const Capability = z.enum([
  /** The project's planned and published posts and their previews. */
  'see_posts',
  /** The library: every video, its details, copies, captions, cover; the schedule, slots, rules, ideas, activity. */
  'see_library',
  /** Upload and change videos, make and change posts, the schedule, slots, rules, ideas. */
  'edit',
  /** Team notes on posts and videos. */
  'note',
  /** Approve a post or ask for changes. */
  'approve',
  /** Analytics (a client only when the owner allows it: checked apart, see `clientsSeeAnalytics`). */
  'see_analytics',
  /** Connect and remove platform accounts. */
  'manage_accounts',
  /** Members, invitations, preview links, the project's settings, deleting it. */
  'manage_project',
]);
export type Capability = z.infer<typeof Capability>;

export const ROLE_CAN: Record<ProjectRole, readonly Capability[]> = {
  owner: ['see_posts', 'see_library', 'edit', 'note', 'approve', 'see_analytics', 'manage_accounts', 'manage_project'],
  editor: ['see_posts', 'see_library', 'edit', 'note', 'see_analytics'],
  reviewer: ['see_posts', 'see_library', 'note', 'approve', 'see_analytics'],
  client: ['see_posts', 'note', 'approve'],
};

export function roleCan(role: ProjectRole, capability: Capability): boolean {
  return ROLE_CAN[role].includes(capability);
}

export const ProjectMember = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: ProjectRole,
    addedAt: z.string(),
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof ProjectMember>;

export const AddMemberBody = z
  .object({
    /** Someone who already has an account; anyone else is invited (POST /api/projects/:id/invitations). */
    email: Email,
    role: MemberRole,
  })
  .strict();
export type AddMemberBody = z.infer<typeof AddMemberBody>;

export const ChangeMemberBody = z.object({ role: MemberRole }).strict();
export type ChangeMemberBody = z.infer<typeof ChangeMemberBody>;
