import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { authenticateToken, type AuthUser } from '../services/session.service';
import { unauthorized } from './errors';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth: the signed-in user. */
    user?: AuthUser;
    /** Set by requireAuth: the session behind the presented token. */
    sessionId?: number;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i;

/** The Bearer token of a request, if it carries one in the expected form. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * An onRequest/preHandler hook: lets the request through only with a live session token, and
 * sets request.user. Runs before body validation, so an anonymous caller learns nothing about the route.
 */
export function requireAuth(ctx: AppContext) {
  return async function requireAuthHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const session = await authenticateToken(ctx, token);
    if (!session) throw unauthorized('Your session has ended. Sign in again', 'unauthorized');
    request.user = session.user;
    request.sessionId = session.sessionId;
  };
}

/** The signed-in user of a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
