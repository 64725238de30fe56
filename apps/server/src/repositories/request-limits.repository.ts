import { sql } from 'kysely';
import type { DB } from '../db/database';

/** The advisory-lock namespace of limited calls ('RLIM'): the calls under one key are counted one at a time. */
const LIMIT_LOCK = 0x524c494d;

/** What a key's window holds now, by the database's clock: its calls, and the seconds until the oldest leaves it. */
export interface WindowState {
  calls: number;
  secondsUntilOldestLeaves: number;
}

/**
 * Inside a transaction: takes the key's lock (held until the transaction ends, so two processes cannot both count
 * the last free call), forgets its calls older than the window (and every key's older than a day: those of users
 * and projects that stopped calling), and says what is left in it.
 */
export async function lockedWindow(trx: DB, key: string, windowSeconds: number): Promise<WindowState> {
  await sql`select pg_advisory_xact_lock(${LIMIT_LOCK}::int, hashtext(${key}))`.execute(trx);
  await sql`delete from request_limit_hits where key = ${key} and at <= now() - make_interval(secs => ${windowSeconds})`.execute(
    trx,
  );
  await sql`delete from request_limit_hits where at < now() - interval '1 day'`.execute(trx);
  const { rows } = await sql<{ calls: number; wait: number | null }>`
    select count(*)::int as calls,
           extract(epoch from min(at) + make_interval(secs => ${windowSeconds}) - now())::float8 as wait
      from request_limit_hits where key = ${key}
  `.execute(trx);
  const row = rows[0]!;
  return { calls: row.calls, secondsUntilOldestLeaves: row.wait ?? 0 };
}

/** Counts one call under the key, now. */
export async function addHit(trx: DB, key: string): Promise<void> {
  await trx.insertInto('request_limit_hits').values({ key }).execute();
}
