import { sql, type Kysely } from 'kysely';

/**
 * A video's cover, a detail of the video that every post of it uses: a frame (`cover_frame_ms`, with a JPEG
 * still of it in `cover_filename` for the preview) or an uploaded JPEG/PNG image (`cover_filename`, its size in
 * pixels and its type). `cover_bytes` counts against the quota like the thumbnail. No cover: every column null
 * (bytes 0). `posts.cover_error`: the platform's words when it refused the cover of a post that went live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table videos
      add column cover_kind text check (cover_kind in ('frame', 'image')),
      add column cover_frame_ms integer,
      add column cover_filename text,
      add column cover_bytes bigint not null default 0,
      add column cover_width integer,
      add column cover_height integer,
      add column cover_mime_type text
  `.execute(db);
  // A platform's refusal of the cover after the post went live (YouTube's thumbnails.set): the post stays published.
  await sql`alter table posts add column cover_error text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop column if exists cover_error`.execute(db);
  await sql`
    alter table videos
      drop column if exists cover_kind,
      drop column if exists cover_frame_ms,
      drop column if exists cover_filename,
      drop column if exists cover_bytes,
      drop column if exists cover_width,
      drop column if exists cover_height,
      drop column if exists cover_mime_type
  `.execute(db);
}
