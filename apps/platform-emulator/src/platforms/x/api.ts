import type { EmulatorContext, RouteApi } from '../../core/context';
import type { EmuRequest, EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { RATE_LIMITS, RATE_WINDOW_MS, type RateLimited } from './limits';
import { forbidden, rateHeaders, tooManyRequests, unauthorized } from './problems';
import { OPERATION_SCOPES, type Operation } from './scopes';

interface Window {
  start: number;
  count: number;
}

export type ApiHandler = (req: EmuRequest, token: AccessToken) => EmuResponse | Promise<EmuResponse>;

/**
 * Registers an api.x.com route that checks the user token for every scope of its operation and counts the
 * request in the user's 15-minute window of that endpoint; every answer carries the x-rate-limit headers.
 */
export function apiRoute(
  api: RouteApi,
  ctx: EmulatorContext,
  o: { method: string; path: string; step: string; operation: Operation; limit: RateLimited },
  handler: ApiHandler,
) {
  const windows = ctx.store.collection<Window>('x.rate');
  api.route(o.method, 'api.x.com', o.path, o.step, async (req) => {
    const check = ctx.oauth.check('x', req.bearer());
    if (!check.ok) return unauthorized();
    const missing = OPERATION_SCOPES[o.operation].filter((s) => !check.token.scopes.includes(s));
    if (missing.length)
      return forbidden(`This endpoint needs the scopes ${missing.join(', ')}, which the token was not granted.`);

    const key = `${o.limit}:${check.token.accountId}`;
    const now = ctx.now();
    const current = windows.get(key);
    const window = current && now < current.start + RATE_WINDOW_MS ? current : { start: now, count: 0 };
    const limit = RATE_LIMITS[o.limit];
    const resetAt = new Date(window.start + RATE_WINDOW_MS);
    if (window.count >= limit) return tooManyRequests(rateHeaders(limit, 0, resetAt));
    windows.set(key, { start: window.start, count: window.count + 1 });
    const answer = await handler(req, check.token);
    return { ...answer, headers: { ...answer.headers, ...rateHeaders(limit, limit - window.count - 1, resetAt) } };
  });
}
