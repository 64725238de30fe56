import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { PostingSlotRow } from '../db/slots.schema';

/** First key of the per-project queue lock ('FQUE'); the second is the project's id. */
const QUEUE_LOCK = 0x46515545;

/** A project's slots, by platform, weekday and minute. */
export async function listPostingSlots(db: DB, projectId: number, platform?: string): Promise<PostingSlotRow[]> {
  let query = db.selectFrom('posting_slots').selectAll().where('project_id', '=', projectId);
  if (platform) query = query.where('platform', '=', platform);
  return query.orderBy('platform').orderBy('weekday').orderBy('minute').execute();
}

/** The zone a project's slots are read in: the one saved with them, else the project's own; undefined: no project. */
export async function findSlotTimeZone(db: DB, projectId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('projects')
    .leftJoin('posting_slot_settings', 'posting_slot_settings.project_id', 'projects.id')
    .select(['projects.time_zone as project_zone', 'posting_slot_settings.time_zone as slot_zone'])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  return row ? (row.slot_zone ?? row.project_zone) : undefined;
}

/** Replaces every slot of a project and its zone. Call inside a transaction: the slots change all at once. */
export async function replacePostingSlots(
  db: DB,
  projectId: number,
  timeZone: string,
  slots: readonly Omit<PostingSlotRow, 'project_id'>[],
): Promise<void> {
  await db.deleteFrom('posting_slots').where('project_id', '=', projectId).execute();
  if (slots.length > 0) {
    await db
      .insertInto('posting_slots')
      .values(
        slots.map((slot) => ({
          ...slot,
          project_id: projectId,
          connection_ids: slot.connection_ids === null ? null : JSON.stringify(slot.connection_ids),
        })),
      )
      .execute();
  }
  await db
    .insertInto('posting_slot_settings')
    .values({ project_id: projectId, time_zone: timeZone })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ time_zone: timeZone }))
    .execute();
}

/**
 * Waits for the project's queue lock, held until the transaction `db` belongs to ends: two requests filling
 * the same project's slots take turns, so they never pick the same slot.
 */
export async function lockProjectQueue(db: DB, projectId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${QUEUE_LOCK}::int, ${projectId}::int)`.execute(db);
}

/**
 * The instants at which an account's posts are due in [from, to), cancelled and failed ones left out (read
 * through the project's index on scheduled_at).
 */
export async function listTakenTimes(
  db: DB,
  projectId: number,
  connectionId: number,
  from: Date,
  to: Date,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('posts')
    .select('scheduled_at')
    .where('project_id', '=', projectId)
    .where('connection_id', '=', connectionId)
    .where('status', 'not in', ['cancelled', 'failed'])
    .where('scheduled_at', '>=', from)
    .where('scheduled_at', '<', to)
    .execute();
  return rows.map((row) => new Date(row.scheduled_at));
}
