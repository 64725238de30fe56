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

/** Notes that the password was just confirmed on this live session of the user; false when there is none. */
export async function markSessionReauthenticated(
  db: DB,
  userId: number,
  sessionId: number,
  at: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ reauthenticated_at: at })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of a user's live sessions to revoke: the one with this id, or all but the one with this id. */
export type SessionSelection = { only: number } | { allBut: number };

/** Revokes the selected live (not revoked, not expired) sessions of the user; returns how many. */
export async function revokeLiveSessions(db: DB, userId: number, which: SessionSelection, at: Date): Promise<number> {
  const [op, sessionId] = 'only' in which ? (['=', which.only] as const) : (['!=', which.allBut] as const);
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', op, sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .execute();
  return rows.length;
}
