import type { MemberRole, ProjectRole } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { ProjectRow } from '../db/schema';

/** A person's place in a project: its owner (whose id every row of the project carries) and their role. */
export interface ProjectPlace {
  projectId: number;
  ownerId: number;
  role: ProjectRole;
  needsApproval: boolean;
  clientsSeeAnalytics: boolean;
}

/** The caller's place in a project, or undefined when they are neither its owner nor a member. */
export async function findProjectPlace(db: DB, projectId: number, userId: number): Promise<ProjectPlace | undefined> {
  const row = await db
    .selectFrom('projects')
    .leftJoin('project_members as m', (join) =>
      join.onRef('m.project_id', '=', 'projects.id').on('m.user_id', '=', userId),
    )
    .select(['projects.id', 'projects.user_id', 'projects.needs_approval', 'projects.clients_see_analytics', 'm.role'])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return undefined;
  const role: ProjectRole | null = row.user_id === userId ? 'owner' : row.role;
  if (!role) return undefined;
  return {
    projectId: row.id,
    ownerId: row.user_id,
    role,
    needsApproval: row.needs_approval,
    clientsSeeAnalytics: row.clients_see_analytics,
  };
}

export interface MemberRow {
  user_id: number;
  full_name: string;
  username: string;
  email: string;
  role: ProjectRole;
  added_at: Date;
}

/** The owner first, then the members in the order they joined. */
export async function listMembersOfProject(db: DB, projectId: number): Promise<MemberRow[]> {
  const owner = await db
    .selectFrom('projects')
    .innerJoin('users', 'users.id', 'projects.user_id')
    .select([
      'users.id as user_id',
      'users.full_name',
      'users.username',
      'users.email',
      'projects.created_at as added_at',
    ])
    .where('projects.id', '=', projectId)
    .execute();
  const members = await db
    .selectFrom('project_members as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select([
      'users.id as user_id',
      'users.full_name',
      'users.username',
      'users.email',
      'm.role',
      'm.created_at as added_at',
    ])
    .where('m.project_id', '=', projectId)
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return [...owner.map((o) => ({ ...o, role: 'owner' as const })), ...members];
}

/** Adds a member; false when they are one already (the role is then left as it is). */
export async function insertMember(
  db: DB,
  member: { projectId: number; userId: number; role: MemberRole; addedBy: number },
): Promise<boolean> {
  const row = await db
    .insertInto('project_members')
    .values({ project_id: member.projectId, user_id: member.userId, role: member.role, added_by: member.addedBy })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateMemberRole(db: DB, projectId: number, userId: number, role: MemberRole): Promise<boolean> {
  const row = await db
    .updateTable('project_members')
    .set({ role })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteMember(db: DB, projectId: number, userId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Projects other people share with the user, with their video count, role in each and the owner's name. */
export async function listProjectsSharedWith(
  db: DB,
  userId: number,
): Promise<(ProjectRow & { video_count: number; role: MemberRole; owner_name: string })[]> {
  const rows = await db
    .selectFrom('project_members as m')
    .innerJoin('projects', 'projects.id', 'm.project_id')
    .innerJoin('users as owner', 'owner.id', 'projects.user_id')
    .selectAll('projects')
    .select((eb) => [
      'm.role',
      sql<string>`coalesce(nullif(owner.full_name, ''), owner.username)`.as('owner_name'),
      eb
        .selectFrom('videos')
        .select((v) => v.fn.countAll<number>().as('n'))
        .whereRef('videos.project_id', '=', 'projects.id')
        .as('video_count'),
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('projects.id')
    .execute();
  return rows.map((row) => ({ ...row, video_count: Number(row.video_count ?? 0) }));
}

/** Tables whose rows name their project: a request that names one of their rows is judged by that project. */
export type ProjectScoped =
  'videos' | 'posts' | 'renditions' | 'platform_connections' | 'ideas' | 'collections' | 'automation_rules';

/** The project a row belongs to, whoever asks; undefined when there is no such row. */
export async function findProjectIdOf(db: DB, table: ProjectScoped, id: number): Promise<number | undefined> {
  const row = await db.selectFrom(table).select('project_id').where('id', '=', id).executeTakeFirst();
  return row?.project_id;
}
