import { sql, type Kysely } from 'kysely';

/**
 * The content library: a project's named collections of videos (a video may be in many), and the mark a
 * resumable upload of a file already in the project leaves on its new video (`duplicate_of`), so the person
 * can open the first or keep both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table collections (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create unique index collections_project_name on collections (project_id, lower(name))`.execute(db);
  await sql`
    create table collection_videos (
      collection_id integer not null references collections (id) on delete cascade,
      video_id integer not null references videos (id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (collection_id, video_id)
    )
  `.execute(db);
  await sql`create index collection_videos_video_id on collection_videos (video_id)`.execute(db);
  await sql`alter table videos add column duplicate_of integer references videos (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos drop column if exists duplicate_of`.execute(db);
  await sql`drop table if exists collection_videos`.execute(db);
  await sql`drop table if exists collections`.execute(db);
}
