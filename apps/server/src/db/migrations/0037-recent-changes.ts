import { sql, type Kysely } from 'kysely';

/**
 * The header's Recent (GET /api/recent) and its search read a person's videos most recently changed first, as
 * posts already are (posts_user_updated_idx): an index in that order, so the first page reads its rows only,
 * however large the library.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index videos_user_updated_idx on videos (user_id, updated_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists videos_user_updated_idx`.execute(db);
}
