import { sql, type Kysely } from 'kysely';

/**
 * A video's caption tracks, one per language (`language` a canonical BCP-47 tag), each a stored SRT or VTT file
 * as it was uploaded (`filename`, `bytes` counted against the quota) with its cue count. The rows go with their
 * video; the files are removed by whoever deletes the rows. `posts.captions_error`: the platform's words when it
 * refused a caption track of a post that went live (the post stays published).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table video_captions (
      id serial primary key,
      video_id integer not null references videos (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      language text not null,
      label text,
      format text not null check (format in ('srt', 'vtt')),
      cue_count integer not null,
      filename text not null,
      bytes bigint not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (video_id, language)
    )
  `.execute(db);
  await sql`create index video_captions_user_idx on video_captions (user_id)`.execute(db);
  await sql`create index video_captions_filename_idx on video_captions (filename)`.execute(db);
  await sql`alter table posts add column captions_error text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop column if exists captions_error`.execute(db);
  await sql`drop table if exists video_captions`.execute(db);
}
