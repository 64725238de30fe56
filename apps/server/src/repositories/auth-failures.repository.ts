import type { DB } from '../db/database';

export async function insertFailures(db: DB, keys: string[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('auth_failures')
    .values(keys.map((key) => ({ key, at })))
    .execute();
}

/** Times of the failures under `key` since `since`, oldest first. */
export async function failureTimesSince(db: DB, key: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .selectFrom('auth_failures')
    .select('at')
    .where('key', '=', key)
    .where('at', '>', since)
    .orderBy('at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => new Date(r.at));
}

export async function deleteFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom('auth_failures').where('key', '=', key).execute();
}

export async function pruneFailures(db: DB, before: Date): Promise<void> {
  await db.deleteFrom('auth_failures').where('at', '<', before).execute();
}
