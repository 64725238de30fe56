import { sql } from 'kysely';
import type { DB } from '../db/database';

/**
 * The tables whose rows carry their project's id and, in `user_id`, the id of the project's owner. Handing a
 * project over moves each of them; project-ownership.test.ts fails when a table with both columns is neither
 * here nor in PERSONAL_ROWS.
 */
export const OWNER_ROWS = [
  'videos',
  'posts',
  'platform_connections',
  'renditions',
  'collections',
  'automation_rules',
  'ideas',
  'activity_events',
  'tus_uploads',
  'notes',
  'preview_links',
] as const;

/**
 * Tables with a project id whose `user_id` is a person rather than the project's owner: they stay with the person
 * (a notification is the bell of whoever received it; a membership is the member's).
 */
export const PERSONAL_ROWS = ['notifications', 'project_members'] as const;

/**
 * Moves a project from `from` to `to` inside the caller's transaction: the project, every row it carries the
 * owner's id on (caption files through their video, having no project id), and the memberships (`to` leaves the
 * members, `from` becomes an editor). False, with nothing written, when `from` no longer owns it.
 */
export async function moveProject(trx: DB, projectId: number, from: number, to: number): Promise<boolean> {
  // First, so the project's row is locked: a second handover of the same project waits, then finds it moved.
  const moved = await trx
    .updateTable('projects')
    .set({ user_id: to, updated_at: sql`now()` })
    .where('id', '=', projectId)
    .where('user_id', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (!moved) return false;
  for (const table of OWNER_ROWS) {
    await sql`update ${sql.table(table)} set user_id = ${to} where project_id = ${projectId} and user_id = ${from}`.execute(
      trx,
    );
  }
  await trx
    .updateTable('video_captions')
    .set({ user_id: to })
    .where('user_id', '=', from)
    .where('video_id', 'in', trx.selectFrom('videos').select('id').where('project_id', '=', projectId))
    .execute();
  await trx.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', to).execute();
  await trx
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: from, role: 'editor', added_by: to })
    .execute();
  return true;
}
