import type { MemberRole } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { ProjectInvitationRow } from '../db/teams.schema';

export async function insertInvitation(
  db: DB,
  invitation: {
    projectId: number;
    email: string;
    role: MemberRole;
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
  },
): Promise<ProjectInvitationRow> {
  return db
    .insertInto('project_invitations')
    .values({
      project_id: invitation.projectId,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      expires_at: invitation.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Invitations still waiting: neither used, revoked nor expired; the newest first. */
export async function listPendingInvitations(db: DB, projectId: number): Promise<ProjectInvitationRow[]> {
  return db
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes a pending invitation of that project; false when there is none (another project's id included). */
export async function revokeInvitation(db: DB, projectId: number, id: number): Promise<boolean> {
  const row = await db
    .updateTable('project_invitations')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface InvitationWithProject extends ProjectInvitationRow {
  project_name: string;
  owner_id: number;
  inviter_name: string | null;
}

/** The invitation whose secret hashes to `tokenHash`, with its project's name, owner and the inviter's name. */
export async function findInvitationByHash(db: DB, tokenHash: string): Promise<InvitationWithProject | undefined> {
  return db
    .selectFrom('project_invitations as i')
    .innerJoin('projects', 'projects.id', 'i.project_id')
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .selectAll('i')
    .select([
      'projects.name as project_name',
      'projects.user_id as owner_id',
      sql<string | null>`coalesce(nullif(inviter.full_name, ''), inviter.username)`.as('inviter_name'),
    ])
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the invitation used by `userId`, only if it still is pending: of two people accepting one link at the same
 * moment, one wins. Run in the transaction that adds the member, so a refused membership leaves it unused.
 */
export async function markInvitationUsed(db: DB, id: number, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('project_invitations')
    .set({ accepted_at: sql`now()`, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
