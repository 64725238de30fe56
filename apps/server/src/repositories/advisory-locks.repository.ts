import { sql } from 'kysely';
import type { DB } from '../db/database';

/**
 * Session-level advisory locks, keyed by a namespace and a text id (hashed to 32 bits: a collision only makes
 * two ids take turns). `db` must be one dedicated connection: the lock belongs to the session that took it,
 * and only that session can release it.
 */
export async function tryAdvisoryLock(db: DB, namespace: number, id: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_lock(${namespace}::int, hashtext(${id})) as locked
  `.execute(db);
  return rows[0]?.locked === true;
}

export async function releaseAdvisoryLock(db: DB, namespace: number, id: string): Promise<void> {
  await sql`select pg_advisory_unlock(${namespace}::int, hashtext(${id}))`.execute(db);
}
