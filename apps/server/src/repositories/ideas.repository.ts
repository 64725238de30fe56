import { sql } from 'kysely';
import type { DB } from '../db/database';

/** The advisory-lock namespace of planning boards ('IDEA'): one board's changes take turns. */
const BOARD_LOCK = 0x49444541;

/** An idea's row, its due date as `YYYY-MM-DD` text. */
export interface IdeaRecord {
  id: number;
  user_id: number;
  project_id: number;
  title: string;
  notes: string;
  board_column: string;
  position: number;
  due_date: string | null;
  video_id: number | null;
  created_at: Date;
}

export interface NewIdea {
  userId: number;
  projectId: number;
  title: string;
  notes: string;
  column: string;
  position: number;
  dueDate: string | null;
  videoId: number | null;
}

export interface IdeaFields {
  title?: string;
  notes?: string;
  dueDate?: string | null;
  videoId?: number | null;
}

export interface IdeaPlace {
  id: number;
  column: string;
  position: number;
}

/** Where a video's posts stand, for the columns that follow them. */
export interface VideoPostStage {
  video_id: number;
  published: boolean;
  pending: boolean;
}

const ideaColumns = (db: DB) =>
  db
    .selectFrom('ideas')
    .select([
      'id',
      'user_id',
      'project_id',
      'title',
      'notes',
      'board_column',
      'position',
      sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'),
      'video_id',
      'created_at',
    ]);

/** Holds the project's board until the transaction ends: moves and their shifts never interleave. */
export async function lockBoard(trx: DB, projectId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BOARD_LOCK}::int, ${projectId}::int)`.execute(trx);
}

export async function listIdeaRecords(db: DB, projectId: number): Promise<IdeaRecord[]> {
  return ideaColumns(db).where('project_id', '=', projectId).orderBy('board_column').orderBy('position').execute();
}

export async function findIdeaOfUser(db: DB, id: number, userId: number): Promise<IdeaRecord | undefined> {
  return ideaColumns(db).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertIdea(db: DB, idea: NewIdea): Promise<number> {
  const row = await db
    .insertInto('ideas')
    .values({
      user_id: idea.userId,
      project_id: idea.projectId,
      title: idea.title,
      notes: idea.notes,
      board_column: idea.column,
      position: idea.position,
      due_date: idea.dueDate,
      video_id: idea.videoId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateIdeaFields(db: DB, id: number, fields: IdeaFields): Promise<void> {
  await db
    .updateTable('ideas')
    .set({
      ...(fields.title !== undefined ? { title: fields.title } : {}),
      ...(fields.notes !== undefined ? { notes: fields.notes } : {}),
      ...(fields.dueDate !== undefined ? { due_date: fields.dueDate } : {}),
      ...(fields.videoId !== undefined ? { video_id: fields.videoId } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Puts ideas in new places with one statement (the unique place is checked at commit). */
export async function moveIdeas(db: DB, places: readonly IdeaPlace[]): Promise<void> {
  if (places.length === 0) return;
  const values = sql.join(places.map((p) => sql`(${p.id}::int, ${p.column}::text, ${p.position}::int)`));
  await sql`
    update ideas set board_column = v.board_column, position = v.position, updated_at = now()
    from (values ${values}) as v (id, board_column, position)
    where ideas.id = v.id
  `.execute(db);
}

export async function deleteIdeaRow(db: DB, id: number): Promise<void> {
  await db.deleteFrom('ideas').where('id', '=', id).execute();
}

/** For each of the videos with posts: whether one is published, and whether one is on its way. */
export async function videoPostStages(db: DB, videoIds: readonly number[]): Promise<VideoPostStage[]> {
  if (videoIds.length === 0) return [];
  return db
    .selectFrom('posts')
    .select([
      'video_id',
      sql<boolean>`bool_or(status = 'published')`.as('published'),
      sql<boolean>`bool_or(status in ('scheduled', 'awaiting_approval', 'publishing', 'unconfirmed'))`.as('pending'),
    ])
    .where('video_id', 'in', videoIds)
    .groupBy('video_id')
    .execute();
}

/** Whether the video is the user's and in that project. */
export async function videoInProject(db: DB, videoId: number, projectId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('videos')
    .select('id')
    .where('id', '=', videoId)
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
