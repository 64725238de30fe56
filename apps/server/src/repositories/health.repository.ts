import { sql } from 'kysely';
import type { DB } from '../db/database';

export async function checkDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
