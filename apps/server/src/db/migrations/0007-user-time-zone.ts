import { sql, type Kysely } from 'kysely';

/**
 * The IANA zone in which a user enters and reads times (set from the browser at sign-up, changed in the
 * settings), and the one a project was created with (its owner's). 'UTC' until someone says otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column time_zone text not null default 'UTC'`.execute(db);
  await sql`alter table projects add column time_zone text not null default 'UTC'`.execute(db);
}
