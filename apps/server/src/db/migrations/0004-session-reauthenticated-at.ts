import { sql, type Kysely } from 'kysely';

/**
 * When the password was last confirmed on a session ("confirm it's you"). Together with the session's
 * creation (a sign-in) it opens a short window in which the session may change how the account signs in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column reauthenticated_at timestamptz`.execute(db);
}
