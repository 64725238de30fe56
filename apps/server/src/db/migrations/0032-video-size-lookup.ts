import { sql, type Kysely } from 'kysely';

/**
 * Before a browser hashes a file to ask whether its project has it already, it asks whether the project has
 * a hashed video of exactly that size (GET /api/upload/check): only then can the file be a copy, and only
 * then is it read. This index answers that per project without reading the project's videos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index videos_project_size_idx on videos (project_id, size_bytes)
    where content_sha256 is not null
  `.execute(db);
}
