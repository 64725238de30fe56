import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import {
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  touchSession,
} from '../repositories/sessions.repository';
import { cutText } from './cut-text';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
}

export interface AuthenticatedSession {
  sessionId: number;
  user: AuthUser;
}

/** Avoids a write on every request; last-used is a hint for people, not an audit log. */
const TOUCH_INTERVAL_MS = 60_000;

/** Only this hash is stored: a copy of the sessions table does not let anyone sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  ctx: AppContext,
  userId: number,
  meta: { userAgent?: string; ip?: string } = {},
  db = ctx.db,
): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + Math.min(ctx.config.sessionTtlMs, ctx.config.sessionMaxMs)),
    userAgent: meta.userAgent === undefined ? null : cutText(meta.userAgent, 512),
    ip: meta.ip ?? null,
  });
  return token;
}

/**
 * The session for a presented token, or undefined when it is unknown, expired or revoked.
 * A session in use is kept alive: once less than half its lifetime remains, it is extended, but never past
 * SESSION_MAX_DAYS after its sign-in: then the person signs in again, whatever happened in between.
 */
export async function authenticateToken(ctx: AppContext, token: string): Promise<AuthenticatedSession | undefined> {
  const tokenHash = hashToken(token);
  const cache = ctx.caches.sessions;
  let found = cache.get(tokenHash);
  if (!found) {
    const mark = cache.mark();
    found = await findSessionByTokenHash(ctx.db, tokenHash);
    if (found && !found.revokedAt) cache.set(found.userId, tokenHash, found, mark);
  }
  const now = new Date();
  if (!found || found.revokedAt || new Date(found.expiresAt) <= now) return undefined;

  if (now.getTime() - new Date(found.lastUsedAt).getTime() >= TOUCH_INTERVAL_MS) {
    const ttl = ctx.config.sessionTtlMs;
    const remaining = new Date(found.expiresAt).getTime() - now.getTime();
    const latest = new Date(found.createdAt).getTime() + ctx.config.sessionMaxMs;
    const extendTo = remaining < ttl / 2 ? new Date(Math.min(now.getTime() + ttl, latest)) : undefined;
    await touchSession(ctx.db, found.sessionId, extendTo);
    // The kept copy must not touch again for every request of the next moment.
    found.lastUsedAt = now;
    if (extendTo) found.expiresAt = extendTo;
  }
  return { sessionId: found.sessionId, user: { id: found.userId, username: found.username, email: found.email } };
}

export async function endSession(ctx: AppContext, userId: number, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId, new Date());
  ctx.caches.sessions.forgetUser(userId);
}
