import { sql } from 'kysely';
import type { DB } from '../db/database';

/** Whether the project has a connection, a video, and a post that was not cancelled: three index lookups. */
export async function findFirstSteps(
  db: DB,
  projectId: number,
): Promise<{ connected: boolean; uploaded: boolean; posted: boolean }> {
  const { rows } = await sql<{ connected: boolean; uploaded: boolean; posted: boolean }>`
    select
      exists (select 1 from platform_connections where project_id = ${projectId}) as connected,
      exists (select 1 from videos where project_id = ${projectId}) as uploaded,
      exists (select 1 from posts where project_id = ${projectId} and status <> 'cancelled') as posted
  `.execute(db);
  const row = rows[0];
  return { connected: row?.connected === true, uploaded: row?.uploaded === true, posted: row?.posted === true };
}
