import { sql, type Kysely } from 'kysely';

/**
 * Live events across processes: a new notification, and a post that is added or changes, tell every process
 * that listens on `fanout_changes` (PostgreSQL LISTEN/NOTIFY) whose user it concerns. The notice is sent by
 * the writing transaction itself, when it commits (never for one that rolls back), whichever code wrote the
 * row; PostgreSQL folds the same user's notices of one transaction into one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function fanout_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('fanout_changes', new.user_id::text);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger posts_notify_change after insert or update on posts
    for each row execute function fanout_notify_change()
  `.execute(db);
  await sql`
    create trigger notifications_notify_change after insert on notifications
    for each row execute function fanout_notify_change()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists notifications_notify_change on notifications`.execute(db);
  await sql`drop trigger if exists posts_notify_change on posts`.execute(db);
  await sql`drop function if exists fanout_notify_change()`.execute(db);
}
