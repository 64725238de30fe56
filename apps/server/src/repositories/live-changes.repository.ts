import { sql } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/database';

/**
 * The channel on which the database announces a change a live stream shows: a notification added, a post
 * added or changed. The payload is the user's id. Sent by triggers (migration 0013) in the writing
 * transaction, so every writer announces its change, and only once it commits.
 */
export const CHANGES_CHANNEL = 'fanout_changes';

/** Starts listening on a dedicated PostgreSQL connection (a pooled one would be handed to others). */
export async function listenOnConnection(client: pg.Client): Promise<void> {
  await client.query(`listen ${CHANGES_CHANNEL}`);
}

/** Starts listening on the embedded database's one session. */
export async function listenEmbedded(db: DB): Promise<void> {
  await sql`listen ${sql.raw(CHANGES_CHANNEL)}`.execute(db);
}
