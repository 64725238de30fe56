import { sql, type Kysely } from 'kysely';

/**
 * The privacy a platform applied to a published post when it differs from the one chosen (a YouTube upload
 * from an unverified API project is made private; an unaudited TikTok app posts only to the creator): the
 * adapter reads it back after publishing and the post shows it (`Post.appliedPrivacy`). Null on every other
 * post, and on every post published before this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column applied_privacy jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop column if exists applied_privacy`.execute(db);
}
