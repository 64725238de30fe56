import { sql, type Kysely } from 'kysely';

/**
 * Fitting copies of videos (renditions), made by ffmpeg on the workers. `key` names the copy by its video and
 * the plan's steps: the same settings ask for the same copy, so it is made once (unique per video). A render
 * in progress is held until `lease_expires_at` (renewed as it goes): a render whose process died is started
 * again once it runs out (`attempts` counts the starts). The row goes with its video; the stored file is
 * removed by whoever deletes the row. A change announces itself on `fanout_changes` as posts and videos do
 * (migrations 0013, 0023), so the live stream shows a render's progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table renditions (
      id serial primary key,
      video_id integer not null references videos (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      platform text not null,
      connection_id integer references platform_connections (id) on delete set null,
      key text not null,
      request jsonb not null,
      steps jsonb not null,
      status text not null default 'queued' check (status in ('queued', 'rendering', 'ready', 'failed')),
      progress double precision not null default 0,
      error jsonb,
      estimated_bytes bigint not null,
      width integer,
      height integer,
      fps double precision,
      duration_ms integer,
      size_bytes bigint,
      storage_key text,
      attempts integer not null default 0,
      lease_expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (video_id, key)
    )
  `.execute(db);
  await sql`create index renditions_user_updated_idx on renditions (user_id, updated_at)`.execute(db);
  await sql`
    create trigger renditions_notify_change after insert or update or delete on renditions
    for each row execute function fanout_notify_row_owner()
  `.execute(db);
  // The sweep looks for copies waiting or held by a render that died.
  await sql`create index renditions_open_idx on renditions (status) where status in ('queued', 'rendering')`.execute(
    db,
  );
  await sql`create index renditions_storage_key_idx on renditions (storage_key) where storage_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists renditions`.execute(db);
}
