import { sql, type Kysely } from 'kysely';

/**
 * `posts.playlist_error`: YouTube's own words when it refused to add a published video to a chosen playlist (a
 * playlist deleted since). The post stays published; null when every playlist took it, or none was chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column playlist_error text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop column if exists playlist_error`.execute(db);
}
