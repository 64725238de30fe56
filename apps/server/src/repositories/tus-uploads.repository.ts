import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { TusUploadRow } from '../db/tus-uploads.schema';

export interface NewTusUpload {
  id: string;
  userId: number;
  projectId: number;
  sizeBytes: number;
  filename: string;
  title: string | null;
}

export async function insertTusUpload(db: DB, u: NewTusUpload): Promise<void> {
  await db
    .insertInto('tus_uploads')
    .values({
      id: u.id,
      user_id: u.userId,
      project_id: u.projectId,
      size_bytes: u.sizeBytes,
      filename: u.filename,
      title: u.title,
    })
    .execute();
}

export async function findTusUpload(db: DB, id: string): Promise<TusUploadRow | undefined> {
  return db.selectFrom('tus_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The bytes the user's unfinished uploads will take once they arrive. */
/** The bytes announced by unfinished uploads into the projects of one owner, whoever sends them. */
export async function sumUnfinishedTusBytes(db: DB, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('tus_uploads')
    .innerJoin('projects', 'projects.id', 'tus_uploads.project_id')
    .select(sql<number>`coalesce(sum(tus_uploads.size_bytes), 0)`.as('total'))
    .where('projects.user_id', '=', ownerId)
    .where('tus_uploads.video_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function markTusUploadFinished(db: DB, id: string, videoId: number): Promise<void> {
  await db
    .updateTable('tus_uploads')
    .set({ video_id: videoId, finished_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteTusUpload(db: DB, id: string): Promise<void> {
  await db.deleteFrom('tus_uploads').where('id', '=', id).execute();
}

/**
 * Uploads past their time: unfinished ones created before `before`, finished ones whose record of the
 * video they became is older than that. Oldest first, at most `limit`.
 */
export async function listExpiredTusUploads(db: DB, before: Date, limit: number): Promise<TusUploadRow[]> {
  return db
    .selectFrom('tus_uploads')
    .selectAll()
    .where((eb) =>
      eb.or([eb.and([eb('video_id', 'is', null), eb('created_at', '<', before)]), eb('finished_at', '<', before)]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
