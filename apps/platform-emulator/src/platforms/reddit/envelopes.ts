import type { EmulatorContext, FaultEnvelopes, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { LIMITS } from './accounts';

/** Reddit's plain HTTP errors: `{"message": "Unauthorized", "error": 401}`. */
export const httpError = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { message, error: status }, headers);

export const unauthorized = () =>
  httpError(401, 'Unauthorized', { 'www-authenticate': 'Bearer realm="reddit", error="invalid_token"' });

/** Most API refusals: HTTP 200 with `json.errors: [[code, message, field]]`. */
export const jsonErrors = (errors: [string, string, string][]) => json(200, { json: { errors } });

function rateHeaders(used: number, resetSeconds: number): Record<string, string> {
  return {
    'x-ratelimit-used': String(used),
    'x-ratelimit-remaining': `${Math.max(0, LIMITS.requestsPerWindow - used)}.0`,
    'x-ratelimit-reset': String(Math.max(0, Math.ceil(resetSeconds))),
  };
}

export const redditErrors: FaultEnvelopes = {
  rateLimit: (resetAt, now) =>
    httpError(429, 'Too Many Requests', rateHeaders(LIMITS.requestsPerWindow, (resetAt.getTime() - now) / 1000)),
  serverError: () => httpError(500, 'Internal Server Error'),
  tokenExpired: unauthorized,
  reject: (message) => jsonErrors([['SUBMIT_VALIDATION_FAILED', message, '']]),
};

/** `<platform>:<app id>:<version> (by /u/<name>)`, as Reddit's API rules ask of every client. */
const USER_AGENT = /^[^\s:]+:[^\s:]+:[^\s:]+ \(by \/u\/[\w-]{3,20}\)$/;

/** Reddit throttles clients without a descriptive User-Agent as if they were over their limit. */
export function badUserAgent(req: EmuRequest): EmuResponse | undefined {
  if (USER_AGENT.test(req.headers['user-agent'] ?? '')) return undefined;
  return httpError(429, 'Too Many Requests');
}

/**
 * Requests per OAuth client and user in fixed windows of ten minutes, reported on every API answer as
 * X-Ratelimit-Used/-Remaining/-Reset (seconds to the window's end). In memory: a restart starts a window.
 */
export class RateCounter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  hit(key: string, now: number): { over: boolean; headers: Record<string, string> } {
    const length = LIMITS.windowSeconds * 1000;
    const start = Math.floor(now / length) * length;
    let w = this.windows.get(key);
    if (!w || w.start !== start) this.windows.set(key, (w = { start, used: 0 }));
    const over = w.used >= LIMITS.requestsPerWindow;
    if (!over) w.used += 1;
    return { over, headers: rateHeaders(w.used, (start + length - now) / 1000) };
  }
}

export type ApiHandler = (req: EmuRequest, token: AccessToken) => EmuResponse | Promise<EmuResponse>;

/**
 * A route of oauth.reddit.com: the User-Agent, the bearer token and its scope (any of `scope`), and the
 * rate window are checked before `handler`; the rate-limit headers go on its answer.
 */
export function apiRoute(
  api: RouteApi,
  ctx: EmulatorContext,
  counter: RateCounter,
  route: { method: string; path: string; step: string; scope: string | string[] },
  handler: ApiHandler,
) {
  api.route(route.method, 'oauth.reddit.com', route.path, route.step, async (req) => {
    const ua = badUserAgent(req);
    if (ua) return ua;
    const check = ctx.oauth.check('reddit', req.bearer(), route.scope);
    if (!check.ok)
      return check.reason === 'insufficient_scope'
        ? httpError(403, 'Forbidden', { 'www-authenticate': 'Bearer realm="reddit", error="insufficient_scope"' })
        : unauthorized();
    const rate = counter.hit(`${check.token.clientId}:${check.token.accountId}`, ctx.now());
    if (rate.over) return httpError(429, 'Too Many Requests', rate.headers);
    const answer = await handler(req, check.token);
    return { ...answer, headers: { ...answer.headers, ...rate.headers } };
  });
}
