import { sql, type Kysely } from 'kysely';

/**
 * Engagement of published posts over time (GET /api/analytics): one sample per successful metrics sync, and
 * per post where its syncing stands (when it last worked, when it is next due, why the last try failed), so a
 * sync that stops working is shown instead of leaving the figures silently stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_metric_samples (
      id bigint generated always as identity primary key,
      post_id integer not null references posts (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      platform text not null,
      synced_at timestamptz not null default now(),
      views integer,
      likes integer,
      comments integer,
      shares integer
    )
  `.execute(db);
  await sql`create index post_metric_samples_post on post_metric_samples (post_id, synced_at desc)`.execute(db);
  await sql`create index post_metric_samples_project on post_metric_samples (project_id, synced_at)`.execute(db);
  await sql`
    create table post_metric_syncs (
      post_id integer primary key references posts (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      last_attempt_at timestamptz not null,
      last_synced_at timestamptz,
      next_sync_at timestamptz not null,
      failure text,
      failure_kind text,
      failures integer not null default 0
    )
  `.execute(db);
  await sql`create index post_metric_syncs_project on post_metric_syncs (project_id)`.execute(db);
  await sql`create index post_metric_syncs_due on post_metric_syncs (next_sync_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists post_metric_syncs`.execute(db);
  await sql`drop table if exists post_metric_samples`.execute(db);
}
