import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { ProjectRow } from '../db/schema';

export type ProjectWithCount = ProjectRow & { video_count: number };

export interface NewProject {
  userId: number;
  name: string;
  initials: string;
  color1: string;
  color2: string;
  /** IANA zone; the column's default ('UTC') when left out. */
  timeZone?: string;
}

export type ProjectChanges = Partial<
  Pick<ProjectRow, 'name' | 'initials' | 'color1' | 'color2' | 'needs_approval' | 'clients_see_analytics'>
>;

function selectWithCount(db: DB) {
  return db
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) =>
      eb
        .selectFrom('videos')
        .select((v) => v.fn.countAll<number>().as('n'))
        .whereRef('videos.project_id', '=', 'projects.id')
        .as('video_count'),
    );
}

/** Subquery counts come back as int8; make the row shape exact. */
function withCount<T extends ProjectRow & { video_count: number | null }>(row: T): ProjectWithCount {
  return { ...row, video_count: Number(row.video_count ?? 0) };
}

export async function listProjectsOfUser(db: DB, userId: number): Promise<ProjectWithCount[]> {
  const rows = await selectWithCount(db)
    .where('projects.user_id', '=', userId)
    .orderBy('projects.created_at')
    .orderBy('projects.id')
    .execute();
  return rows.map(withCount);
}

export async function findProjectOfUser(
  db: DB,
  projectId: number,
  userId: number,
): Promise<ProjectWithCount | undefined> {
  const row = await selectWithCount(db)
    .where('projects.id', '=', projectId)
    .where('projects.user_id', '=', userId)
    .executeTakeFirst();
  return row && withCount(row);
}

export async function insertProject(db: DB, project: NewProject): Promise<ProjectRow> {
  return db
    .insertInto('projects')
    .values({
      user_id: project.userId,
      name: project.name,
      initials: project.initials,
      color1: project.color1,
      color2: project.color2,
      ...(project.timeZone !== undefined ? { time_zone: project.timeZone } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProjectOfUser(
  db: DB,
  projectId: number,
  userId: number,
  changes: ProjectChanges,
): Promise<ProjectRow | undefined> {
  return db
    .updateTable('projects')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Stored file names (videos and their thumbnails) that belong to a project. */
export async function listFilesOfProject(db: DB, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('videos')
    .select(['filename', 'thumbnail_filename'])
    .where('project_id', '=', projectId)
    .execute();
  return rows.flatMap((r) => (r.thumbnail_filename ? [r.filename, r.thumbnail_filename] : [r.filename]));
}

/** Videos go with their project (on delete cascade). */
export async function deleteProjectOfUser(db: DB, projectId: number, userId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('projects')
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
