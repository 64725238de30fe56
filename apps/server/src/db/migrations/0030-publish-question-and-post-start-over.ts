import { sql, type Kysely } from 'kysely';

/**
 * `users.ask_before_live_publish`: "Publish now" to a live account asks first until the person turns it off.
 * `posts.start_over`: a failed or unconfirmed post was corrected before its retry while the platform might
 * already hold the first version; the runner asks the platform first and starts the post over only when it
 * is not there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column ask_before_live_publish boolean not null default true`.execute(db);
  await sql`alter table posts add column start_over boolean not null default false`.execute(db);
}
