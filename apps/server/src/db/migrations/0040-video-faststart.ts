import { sql, type Kysely } from 'kysely';

/**
 * Whether an uploaded MP4/MOV file's index (moov) comes before its media data, read from its box headers at
 * upload: the fit planner re-wraps a file whose index is at its end for the platforms that need it first. Null
 * for other containers, and for every video stored before this (not known, so no re-wrap is planned for it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos add column faststart boolean`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos drop column if exists faststart`.execute(db);
}
