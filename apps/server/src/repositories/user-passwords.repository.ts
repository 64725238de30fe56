import type { DB } from '../db/database';

export async function updatePasswordHash(db: DB, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
}
