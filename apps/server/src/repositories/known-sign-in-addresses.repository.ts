import { sql } from 'kysely';
import type { DB } from '../db/database';

/** Notes that `userId` signed in from `address` now (first time or again). */
export async function rememberSignInAddress(db: DB, userId: number, address: string, at: Date): Promise<void> {
  await db
    .insertInto('known_sign_in_addresses')
    .values({ user_id: userId, address, first_at: at, last_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_at: sql`excluded.last_at` }))
    .execute();
}

/** Whether `userId` has signed in from `address` since `since`. */
export async function isKnownSignInAddress(db: DB, userId: number, address: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('known_sign_in_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .where('last_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the addresses `userId` has not signed in from since `before`. */
export async function forgetSignInAddressesBefore(db: DB, userId: number, before: Date): Promise<void> {
  await db.deleteFrom('known_sign_in_addresses').where('user_id', '=', userId).where('last_at', '<', before).execute();
}
