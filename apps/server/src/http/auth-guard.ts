import { API_TOKEN_NOT_ALLOWED, API_TOKEN_SCOPE_REQUIRED, type ApiTokenScope } from '@fanout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { authenticateApiToken, isApiTokenSecret } from '../services/api-tokens/api-tokens.service';
import { authenticateToken, type AuthUser } from '../services/session.service';
import { forbidden, unauthorized } from './errors';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth: the signed-in user. */
    user?: AuthUser;
    /** Set by requireAuth: the session behind the presented token (unset for a personal API token). */
    sessionId?: number;
    /** Set by requireAuth when the caller presented a personal API token instead of a session token. */
    apiToken?: { id: number; scopes: ApiTokenScope[] };
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i;

/** The Bearer token of a request, if it carries one in the expected form. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** Of the signed-in calls under /api/auth/, only these are open to a personal API token. */
const TOKEN_CALLS_UNDER_AUTH = new Set(['/api/auth/me']);
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The security calls (password, second factor, passkeys, sessions, tokens, reauthentication, sign-out) keep
 * needing a real sign-in: a leaked API token must not become a way to take the account over.
 */
function isSecurityCall(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? request.url;
  return route.startsWith('/api/auth/') && !TOKEN_CALLS_UNDER_AUTH.has(route);
}

/**
 * Calls outside /api/auth/ that a personal API token cannot make, with the reason: the live event stream
 * belongs to a signed-in browser (it ends with its session, which a token has not); the account's security
 * activity (sign-in addresses and devices) is security data, as the security calls are.
 */
const SESSION_ONLY_CALLS = new Map([
  ['/api/events', 'Live events need a signed-in session, not an API token'],
  ['/api/activity/security', 'Security activity needs a signed-in session, not an API token'],
]);

/**
 * An onRequest/preHandler hook: lets the request through only with a live session token or personal API
 * token, and sets request.user. Runs before body validation, so an anonymous caller learns nothing about the
 * route.
 */
export function requireAuth(ctx: AppContext) {
  return async function requireAuthHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    // A personal API token says so by its prefix: it is looked up among tokens first (and a session token
    // that happened to start the same way is still found among sessions).
    const apiToken = isApiTokenSecret(token) ? await authenticateApiToken(ctx, token) : undefined;
    if (!apiToken) {
      const session = await authenticateToken(ctx, token);
      if (!session) throw unauthorized('Your session has ended. Sign in again', 'unauthorized');
      request.user = session.user;
      request.sessionId = session.sessionId;
      return;
    }
    if (isSecurityCall(request)) {
      throw forbidden('An API token cannot make security changes: sign in to do this', API_TOKEN_NOT_ALLOWED);
    }
    const sessionOnly = SESSION_ONLY_CALLS.get(request.routeOptions.url ?? '');
    if (sessionOnly) throw forbidden(sessionOnly, API_TOKEN_NOT_ALLOWED);
    if (!READ_METHODS.has(request.method) && !apiToken.scopes.includes('write')) {
      throw forbidden('This API token may only read: make one with the write scope', API_TOKEN_SCOPE_REQUIRED);
    }
    request.user = apiToken.user;
    request.apiToken = { id: apiToken.tokenId, scopes: apiToken.scopes };
  };
}

/**
 * Whether the caller may change things: a session may, a personal API token only with the write scope. A
 * read request (GET, HEAD) that would change something on the way (finish an upload into a video) asks.
 */
export function mayWrite(request: FastifyRequest): boolean {
  return request.apiToken === undefined || request.apiToken.scopes.includes('write');
}

/** The signed-in user of a route guarded by requireAuth. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
