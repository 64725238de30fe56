import type { AddMemberBody, MemberRole, ProjectMember } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../http/errors';
import {
  deleteMember,
  insertMember,
  listMembersOfProject,
  updateMemberRole,
  type MemberRow,
} from '../../repositories/project-members.repository';
import { findUserByLogin } from '../../repositories/users.repository';
import { projectAccess } from '../access/project-access';
import { toIsoString } from '../users.service';

export function toMember(row: MemberRow): ProjectMember {
  return {
    userId: row.user_id,
    name: row.full_name || row.username,
    email: row.email,
    role: row.role,
    addedAt: toIsoString(row.added_at),
  };
}

/** Everyone in the project, the owner first: every member sees who else is in it (to mention them in notes). */
export async function listMembers(ctx: AppContext, actorId: number, projectId: number): Promise<ProjectMember[]> {
  await projectAccess(ctx, actorId, projectId, 'see_posts');
  return (await listMembersOfProject(ctx.db, projectId)).map(toMember);
}

/**
 * The owner adds someone who already has an account, by e-mail address, with a role (anyone else is invited).
 * 404 `no_account` when no account has that address; 409 `already_member` for the owner or a member.
 */
export async function addMember(
  ctx: AppContext,
  actorId: number,
  projectId: number,
  body: AddMemberBody,
): Promise<ProjectMember> {
  const access = await projectAccess(ctx, actorId, projectId, 'manage_project');
  const user = await findUserByLogin(ctx.db, body.email);
  if (!user || user.email.toLowerCase() !== body.email) {
    throw new AppError(404, 'no_account', 'No account uses that e-mail address: send an invitation instead');
  }
  if (user.id === access.ownerId) throw conflict('The owner is in the project already', 'already_member');
  const added = await insertMember(ctx.db, { projectId, userId: user.id, role: body.role, addedBy: actorId });
  if (!added) throw conflict(`${user.email} is a member already: change their role instead`, 'already_member');
  return memberOf(ctx, projectId, user.id);
}

/** The owner changes a member's role; the owner's own role changes only by handing the project over. */
export async function changeMemberRole(
  ctx: AppContext,
  actorId: number,
  projectId: number,
  userId: number,
  role: MemberRole,
): Promise<ProjectMember> {
  const access = await projectAccess(ctx, actorId, projectId, 'manage_project');
  if (userId === access.ownerId) throw conflict("The owner's role cannot change: hand the project over", 'owner_role');
  if (!(await updateMemberRole(ctx.db, projectId, userId, role))) throw notFound('Member');
  return memberOf(ctx, projectId, userId);
}

/**
 * The owner removes a member, or a member leaves. The owner cannot be removed (409 `owner_role`); anyone else
 * asking to remove someone gets 403 from projectAccess.
 */
export async function removeMember(ctx: AppContext, actorId: number, projectId: number, userId: number): Promise<void> {
  const access =
    actorId === userId
      ? await projectAccess(ctx, actorId, projectId, 'see_posts')
      : await projectAccess(ctx, actorId, projectId, 'manage_project');
  if (userId === access.ownerId) throw conflict('The owner cannot leave or be removed', 'owner_role');
  if (!(await deleteMember(ctx.db, projectId, userId))) throw notFound('Member');
}

async function memberOf(ctx: AppContext, projectId: number, userId: number): Promise<ProjectMember> {
  const row = (await listMembersOfProject(ctx.db, projectId)).find((m) => m.user_id === userId);
  if (!row) throw notFound('Member');
  return toMember(row);
}
