import {
  INVITATION_DAYS,
  type AcceptInvitationResponse,
  type CreateInvitationBody,
  type Invitation,
  type InvitationCreated,
  type InvitationPreview,
  type InvitationState,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { ProjectInvitationRow } from '../../db/teams.schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { findProjectPlace, insertMember } from '../../repositories/project-members.repository';
import {
  findInvitationByHash,
  insertInvitation,
  listPendingInvitations,
  markInvitationUsed,
  revokeInvitation,
  type InvitationWithProject,
} from '../../repositories/project-invitations.repository';
import { findUserById } from '../../repositories/users.repository';
import { projectAccess } from '../access/project-access';
import { sendMail } from '../mail/mailer';
import { hashToken, newSessionToken } from '../session.service';
import { toIsoString } from '../users.service';
import { invitationMail } from './invitation-mail';

function toInvitation(row: ProjectInvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: toIsoString(row.expires_at),
    createdAt: toIsoString(row.created_at),
  };
}

/**
 * The owner invites someone by e-mail. The link carries a random secret of which only the SHA-256 is kept; it
 * is in this answer only, and e-mailed when SMTP_URL is set. A mail that fails loses nothing: the invitation
 * stands and `emailed` says to copy the link instead.
 */
export async function createInvitation(
  ctx: AppContext,
  actorId: number,
  projectId: number,
  body: CreateInvitationBody,
): Promise<InvitationCreated> {
  await projectAccess(ctx, actorId, projectId, 'manage_project');
  const token = newSessionToken();
  const row = await insertInvitation(ctx.db, {
    projectId,
    email: body.email,
    role: body.role,
    tokenHash: hashToken(token),
    invitedBy: actorId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
  });
  const url = `${ctx.config.publicUrl}/invite/${token}`;
  const invitation = await findInvitationByHash(ctx.db, row.token_hash);
  const emailed = await sendMail(ctx, invitationMail(ctx.config.productName, invitation!, url));
  return { invitation: { ...toInvitation(row), url }, emailed };
}

export async function listInvitations(ctx: AppContext, actorId: number, projectId: number): Promise<Invitation[]> {
  await projectAccess(ctx, actorId, projectId, 'manage_project');
  return (await listPendingInvitations(ctx.db, projectId)).map(toInvitation);
}

/** 404 for an invitation of another project, or one no longer pending: there is nothing left to revoke. */
export async function cancelInvitation(
  ctx: AppContext,
  actorId: number,
  projectId: number,
  invitationId: number,
): Promise<void> {
  await projectAccess(ctx, actorId, projectId, 'manage_project');
  if (!(await revokeInvitation(ctx.db, projectId, invitationId))) throw notFound('Invitation');
}

function stateOf(row: ProjectInvitationRow): InvitationState {
  if (row.accepted_at) return 'used';
  if (row.revoked_at) return 'revoked';
  if (new Date(row.expires_at).getTime() <= Date.now()) return 'expired';
  return 'pending';
}

async function findByToken(ctx: AppContext, token: string): Promise<InvitationWithProject> {
  const row = await findInvitationByHash(ctx.db, hashToken(token));
  if (!row) throw notFound('Invitation');
  return row;
}

/** What a link is for, to anyone holding it, without joining. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const row = await findByToken(ctx, token);
  const state = stateOf(row);
  return {
    projectName: row.project_name,
    inviterName: row.inviter_name ?? 'The owner',
    role: row.role,
    expiresAt: toIsoString(row.expires_at),
    state,
    usable: state === 'pending',
  };
}

const GONE: Record<Exclude<InvitationState, 'pending'>, string> = {
  expired: 'This invitation has expired: ask for a new one',
  revoked: 'This invitation was withdrawn',
  used: 'This invitation has been used already',
};

/**
 * The signed-in person joins with the link's role, once. 410 `invitation_expired|revoked|used` when it can no
 * longer be used; 409 `already_member` for the owner or a member (the link stays usable for its invitee).
 * The membership and the link's use are one transaction: of two people racing for one link, one joins.
 */
export async function acceptInvitation(
  ctx: AppContext,
  userId: number,
  token: string,
): Promise<AcceptInvitationResponse> {
  const row = await findByToken(ctx, token);
  const state = stateOf(row);
  if (state !== 'pending') throw new AppError(410, `invitation_${state}`, GONE[state]);
  if (await findProjectPlace(ctx.db, row.project_id, userId)) {
    throw conflict('You are in this project already', 'already_member');
  }
  if (!(await findUserById(ctx.db, userId))) throw notFound('User');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markInvitationUsed(trx, row.id, userId))) {
      throw new AppError(410, 'invitation_used', GONE.used);
    }
    const added = await insertMember(trx, {
      projectId: row.project_id,
      userId,
      role: row.role,
      addedBy: row.invited_by ?? row.owner_id,
    });
    if (!added) throw conflict('You are in this project already', 'already_member');
  });
  return { projectId: row.project_id, role: row.role };
}
