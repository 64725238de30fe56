import type { DB } from '../db/database';

export async function replaceBackupCodes(db: DB, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length === 0) return;
  await db
    .insertInto('backup_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Marks an unused code as used; false when there is no such unused code. One statement, so a code works once. */
export async function consumeBackupCode(db: DB, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('backup_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedBackupCodes(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('backup_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteBackupCodes(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
}
