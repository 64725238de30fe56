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
