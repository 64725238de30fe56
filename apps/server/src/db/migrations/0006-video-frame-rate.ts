import { sql, type Kysely } from 'kysely';

/** Frames per second as ffprobe read them: several platforms refuse videos outside a frame-rate range. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos add column fps real`.execute(db);
}
