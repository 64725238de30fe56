import { sql, type Kysely } from 'kysely';

/**
 * A project's videos are read a page at a time, in one of three orders, after the last item of the page
 * before (keyset): (project_id, created_at, id) serves newest and oldest first, scanned either way, and
 * (project_id, lower(left(title, 32)), id) the title order. They replace (project_id, created_at desc), which
 * could not break ties between videos uploaded in the same microsecond.
 *
 * The title search is "contains, ignoring case": no btree serves it, and pg_trgm is not part of the embedded
 * PGlite build by default. The search is a filter over the project's rows walked through these indexes,
 * which at 10,000 videos per project stays a few milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists videos_project_id_idx`.execute(db);
  await sql`create index videos_project_created_idx on videos (project_id, created_at, id)`.execute(db);
  await sql`create index videos_project_title_idx on videos (project_id, lower(left(title, 32)), id)`.execute(db);
  await sql`create index videos_user_created_idx on videos (user_id, created_at, id)`.execute(db);
}
