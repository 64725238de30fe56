import type { SessionInfo } from '@fanout/contracts';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { listLiveSessions, revokeLiveSessions } from '../repositories/user-sessions.repository';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';
import { describeDevice } from './user-agent.service';

const iso = (d: Date | string) => new Date(d).toISOString();

export async function sessionsOf(ctx: AppContext, userId: number, currentSessionId?: number): Promise<SessionInfo[]> {
  const rows = await listLiveSessions(ctx.db, userId, new Date());
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.user_agent),
    ip: s.ip,
    createdAt: iso(s.created_at),
    lastUsedAt: iso(s.last_used_at),
    expiresAt: iso(s.expires_at),
    current: s.id === currentSessionId,
  }));
}

/** Signs one device out (the current one too, which is the same as logging out). */
export async function revokeSession(ctx: AppContext, userId: number, sessionId: number, meta: RequestMeta) {
  const revoked = await revokeLiveSessions(ctx.db, userId, { only: sessionId }, new Date());
  ctx.caches.sessions.forgetUser(userId);
  if (revoked === 0) throw notFound('Session');
  await recordSecurityEvent(ctx, userId, 'session_revoked', meta);
}

/** Signs every other device out; the session making the request stays. */
export async function revokeOtherSessionsOf(
  ctx: AppContext,
  userId: number,
  keepSessionId: number,
  meta: RequestMeta,
): Promise<number> {
  const revoked = await revokeLiveSessions(ctx.db, userId, { allBut: keepSessionId }, new Date());
  ctx.caches.sessions.forgetUser(userId);
  await recordSecurityEvent(ctx, userId, 'other_sessions_revoked', meta, { count: revoked });
  return revoked;
}
