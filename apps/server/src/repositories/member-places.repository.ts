import { MemberRole, roleCan, type Capability, type ProjectRole } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';

/** A member's place in a project of someone else's: the project, its owner and the member's role. */
export interface MemberPlace {
  userId: number;
  projectId: number;
  ownerId: number;
  role: ProjectRole;
}

/** The projects the given people are members of (not those they own), with each project's owner. */
export async function listMemberPlaces(db: DB, userIds: readonly number[]): Promise<MemberPlace[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('project_members as m')
    .innerJoin('projects', 'projects.id', 'm.project_id')
    .select(['m.user_id', 'm.project_id', 'projects.user_id as owner_id', 'm.role'])
    .where('m.user_id', 'in', userIds)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, projectId: r.project_id, ownerId: r.owner_id, role: r.role }));
}

/**
 * Rows (of a table with `user_id` and `project_id`) a person may see across projects: their own projects', and
 * those of the projects shared with them in a role that has `need` (search, Recent).
 */
export function visibleTo(table: 'videos' | 'posts', userId: number, need: Capability) {
  const roles = MemberRole.options.filter((role) => roleCan(role, need));
  return sql<boolean>`(${sql.ref(`${table}.user_id`)} = ${userId} or ${sql.ref(`${table}.project_id`)} in (
    select project_id from project_members where user_id = ${userId} and role in (${sql.join(roles)})))`;
}
