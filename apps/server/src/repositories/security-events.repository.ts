import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { SecurityEventRow } from '../db/sign-in-security.schema';

export interface NewSecurityEvent {
  userId: number;
  type: string;
  detail: Record<string, string | number>;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSecurityEvent(db: DB, e: NewSecurityEvent): Promise<void> {
  await db
    .insertInto('security_events')
    .values({
      user_id: e.userId,
      type: e.type,
      detail: JSON.stringify(e.detail),
      ip: e.ip,
      user_agent: e.userAgent,
    })
    .execute();
}

/** Newest first; `before` pages by id. */
export async function listSecurityEvents(
  db: DB,
  userId: number,
  page: { limit: number; before?: number },
): Promise<SecurityEventRow[]> {
  let query = db.selectFrom('security_events').selectAll().where('user_id', '=', userId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/**
 * The account's events in the project trail's order (time, then id, newest first), with the exact time as
 * `at_key`; `before` and `sameTime` as in listActivityEvents.
 */
export async function listSecurityEventsForTrail(
  db: DB,
  userId: number,
  page: {
    limit: number;
    type?: string;
    before?: { at: string; id: number };
    sameTime?: 'include' | 'exclude' | 'by-id';
  },
): Promise<(SecurityEventRow & { at_key: string })[]> {
  let query = db
    .selectFrom('security_events')
    .selectAll()
    .select(sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at_key'))
    .where('user_id', '=', userId);
  if (page.type !== undefined) query = query.where('type', '=', page.type);
  const before = page.before;
  if (before) {
    if (page.sameTime === 'include') query = query.where(sql<boolean>`created_at <= ${before.at}::timestamptz`);
    else if (page.sameTime === 'exclude') query = query.where(sql<boolean>`created_at < ${before.at}::timestamptz`);
    else query = query.where(sql<boolean>`(created_at, id) < (${before.at}::timestamptz, ${before.id})`);
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}
