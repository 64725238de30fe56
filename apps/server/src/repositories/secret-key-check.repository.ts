import type { DB } from '../db/database';

/** The check value stored at the database's first start, if any. */
export async function findKeyCheckValue(db: DB): Promise<string | undefined> {
  const row = await db.selectFrom('secret_key_check').select('check_value').executeTakeFirst();
  return row?.check_value;
}

/**
 * Stores `value` unless a value is there already, and returns the one kept: of two processes starting at
 * once, the first to commit wins and the other gets its value to compare with.
 */
export async function keepKeyCheckValue(db: DB, value: string): Promise<string> {
  await db
    .insertInto('secret_key_check')
    .values({ check_value: value })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const kept = await findKeyCheckValue(db);
  if (kept === undefined) throw new Error('secret_key_check has no row right after one was stored');
  return kept;
}
