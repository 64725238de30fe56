import { sql, type Kysely } from 'kysely';

/** The thumbnail counts against the storage quota too; its size is kept so usage is one SUM. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos add column thumbnail_bytes bigint not null default 0`.execute(db);
}
