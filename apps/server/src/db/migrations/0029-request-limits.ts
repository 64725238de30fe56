import { sql, type Kysely } from 'kysely';

/**
 * Limits on expensive calls that hold across every API process sharing the database (the processes share
 * nothing else): when each call of a kind was made, per user or per project, for a sliding window; and where
 * each project's "Sync now" stands, so a second call joins the running one from any process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table request_limit_hits (
      key text not null,
      at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index request_limit_hits_key on request_limit_hits (key, at)`.execute(db);
  // For forgetting the calls of keys no longer used (users and projects that stopped calling).
  await sql`create index request_limit_hits_at on request_limit_hits (at)`.execute(db);
  await sql`
    create table analytics_sync_runs (
      project_id integer primary key references projects (id) on delete cascade,
      run_id text not null,
      started_at timestamptz not null,
      alive_at timestamptz not null,
      finished_at timestamptz,
      synced integer,
      failed integer
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists analytics_sync_runs`.execute(db);
  await sql`drop table if exists request_limit_hits`.execute(db);
}
