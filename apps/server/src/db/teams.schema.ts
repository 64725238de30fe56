import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MemberRole } from '@fanout/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A person other than the owner in a project, with their role there (migration 0050). */
export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  role: MemberRole;
  added_by: number | null;
  created_at: Timestamp;
}

/** A single-use link that makes whoever opens it (signed in) a member (migration 0050). */
export interface ProjectInvitationsTable {
  id: Generated<number>;
  project_id: number;
  email: string;
  role: MemberRole;
  /** Hex SHA-256 of the link's secret; the secret itself is never stored. */
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  accepted_by: number | null;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface TeamsTables {
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
}

export type ProjectMemberRow = Selectable<ProjectMembersTable>;
export type ProjectInvitationRow = Selectable<ProjectInvitationsTable>;
