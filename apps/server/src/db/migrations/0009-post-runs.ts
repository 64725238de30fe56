import { sql, type Kysely } from 'kysely';

/**
 * Per connection, the posts that are due or being worked on: the publish runner hands a connection on to its
 * next due post whenever a run there ends, and that look-up should not read every post ever made. And a
 * person's posts by last change, for the header search (most recently changed first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index posts_connection_due_idx on posts (connection_id, due_at) where status in ('scheduled', 'publishing')
  `.execute(db);
  await sql`create index posts_user_updated_idx on posts (user_id, updated_at desc)`.execute(db);
}
