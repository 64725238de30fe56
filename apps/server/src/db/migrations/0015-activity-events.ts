import { sql, type Kysely } from 'kysely';

/**
 * A project's trail: what happened to its videos, posts, connections and rules (GET /api/activity). A row is
 * written by the transaction that made the change, so an event exists exactly when its change committed.
 * Inserts notify `fanout_changes` like posts and notifications do, so every API process can stream them and
 * every worker can run the rules they trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table activity_events (
      id bigint generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      type text not null,
      at timestamptz not null default now(),
      actor text not null,
      subject_kind text not null,
      subject_id text not null,
      subject_title text not null,
      message text not null,
      link text not null,
      data jsonb not null default '{}'
    )
  `.execute(db);
  await sql`create index activity_events_project_id on activity_events (project_id, id desc)`.execute(db);
  await sql`create index activity_events_project_type_id on activity_events (project_id, type, id desc)`.execute(db);
  await sql`
    create trigger activity_events_notify_change after insert on activity_events
    for each row execute function fanout_notify_change()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists activity_events`.execute(db);
}
