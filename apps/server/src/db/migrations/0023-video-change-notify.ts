import { sql, type Kysely } from 'kysely';

/**
 * A video added, changed or deleted announces itself on `fanout_changes` like posts do (migration 0013), so
 * that every API process forgets the library pages it keeps for that user (services/cache/read-caches.ts).
 * One notice per user and transaction, however many rows it touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function fanout_notify_row_owner() returns trigger language plpgsql as $$
    begin
      perform pg_notify('fanout_changes', coalesce(new.user_id, old.user_id)::text);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger videos_notify_change after insert or update or delete on videos
    for each row execute function fanout_notify_row_owner()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists videos_notify_change on videos`.execute(db);
  await sql`drop function if exists fanout_notify_row_owner()`.execute(db);
}
