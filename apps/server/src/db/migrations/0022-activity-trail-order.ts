import { sql, type Kysely } from 'kysely';

/**
 * The Activity trail reads a project's events, and the account's security events merged in, newest first by
 * time and then id (GET /api/activity): indexes in that order, so a page reads only its rows however long the
 * trail (a CSV import writes one event per post).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index activity_events_project_at on activity_events (project_id, at desc, id desc)`.execute(db);
  await sql`
    create index activity_events_project_type_at on activity_events (project_id, type, at desc, id desc)
  `.execute(db);
  await sql`create index security_events_user_created on security_events (user_id, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists security_events_user_created`.execute(db);
  await sql`drop index if exists activity_events_project_type_at`.execute(db);
  await sql`drop index if exists activity_events_project_at`.execute(db);
}
