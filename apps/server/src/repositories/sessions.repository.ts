import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { SessionRow } from '../db/schema';

export interface NewSession {
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  userAgent?: string | null;
  ip?: string | null;
  /** Defaults to now. */
  lastUsedAt?: Date;
  /** Defaults to now. */
  createdAt?: Date;
}

export async function insertSession(db: DB, session: NewSession): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
      user_agent: session.userAgent ?? null,
      ip: session.ip ?? null,
      ...(session.lastUsedAt ? { last_used_at: sql`${session.lastUsedAt.toISOString()}::timestamptz` } : {}),
      ...(session.createdAt ? { created_at: sql`${session.createdAt.toISOString()}::timestamptz` } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SessionWithUser {
  sessionId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date;
  createdAt: Date;
  userId: number;
  username: string;
  email: string;
}

export async function findSessionByTokenHash(db: DB, tokenHash: string): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'sessions.revoked_at as revokedAt',
      sql<Date>`sessions.last_used_at`.as('lastUsedAt'),
      sql<Date>`sessions.created_at`.as('createdAt'),
      'users.id as userId',
      'users.username as username',
      'users.email as email',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: DB, sessionId: number, expiresAt?: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql`now()`, ...(expiresAt ? { expires_at: expiresAt } : {}) })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: DB, sessionId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
