import { sql, type Kysely } from 'kysely';

/**
 * The SHA-256 of a video's file, computed as the upload streamed in (null for videos stored before), and
 * an index per project to find the same file uploaded twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos add column content_sha256 text`.execute(db);
  await sql`
    create index videos_project_content_sha256_idx on videos (project_id, content_sha256)
    where content_sha256 is not null
  `.execute(db);
}
