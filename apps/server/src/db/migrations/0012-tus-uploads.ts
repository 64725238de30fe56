import { sql, type Kysely } from 'kysely';

/**
 * Resumable uploads (tus, /api/tus): who created each upload, where its video goes and how large it is
 * (the quota counts the bytes of unfinished uploads from creation on), and, once finished, the video it
 * became, so that a client that lost the last answer and asks again gets the same video.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tus_uploads (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      project_id integer not null references projects(id) on delete cascade,
      size_bytes bigint not null,
      filename text not null,
      title text,
      video_id integer references videos(id) on delete cascade,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index tus_uploads_user_unfinished_idx on tus_uploads (user_id) where video_id is null;
    create index tus_uploads_created_idx on tus_uploads (created_at);
  `.execute(db);
}
