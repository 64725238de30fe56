import type { DB } from '../db/database';
import type { SessionRow } from '../db/schema';

/** The sessions a person sees on their security screen: not revoked, not expired. */
export async function listLiveSessions(db: DB, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findUserSession(db: DB, userId: number, sessionId: number): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Revokes one live session of the user; false when there is none with that id. */
export async function revokeUserSession(db: DB, userId: number, sessionId: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every live session of the user except `keepSessionId`; returns how many. */
export async function revokeOtherSessions(db: DB, userId: number, keepSessionId: number, at: Date): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .execute();
  return rows.length;
}
