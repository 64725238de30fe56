import { randomBytes } from 'node:crypto';
import type { EmulatorContext, FaultEnvelopes } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';

/** TikTok's log ids: a UTC timestamp followed by hex, also sent as `x-tt-logid`. */
export function logId(now = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex').toUpperCase()}`;
}

/** Every API answer: `{data, error: {code, message, log_id}}`, `code: 'ok'` on success. */
export function ok(data: object, status = 200): EmuResponse {
  const id = logId();
  return json(status, { data, error: { code: 'ok', message: '', log_id: id } }, { 'x-tt-logid': id });
}

export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  const id = logId();
  return json(status, { data: {}, error: { code, message, log_id: id } }, { 'x-tt-logid': id, ...headers });
}

/** The token endpoint speaks OAuth's shape instead: HTTP 400 `{error, error_description, log_id}`. */
export function oauthError(error: 'invalid_request' | 'invalid_client' | 'invalid_grant', description: string) {
  const id = logId();
  return json(400, { error, error_description: description, log_id: id }, { 'x-tt-logid': id });
}

export const invalidParams = (message: string) => apiError(400, 'invalid_params', message);

export function rateLimited(resetAt: number, now: number): EmuResponse {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return apiError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.', {
    'retry-after': String(seconds),
  });
}

export const tiktokErrors: FaultEnvelopes = {
  rateLimit: (resetAt, now) => rateLimited(resetAt.getTime(), now),
  serverError: () => apiError(500, 'internal_error', 'Something went wrong. Please try again later.'),
  tokenExpired: () => apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.'),
  reject: (message) => apiError(400, 'invalid_params', message),
};

/**
 * Per-token limits of the reference (requests per minute, sliding): creator_info 20, init 6, status 30;
 * 600 for the other endpoints. Kept in memory: a restart forgets the counts, as a new minute would.
 */
export const PER_MINUTE: Record<string, number> = { creator_info: 20, init: 6, status: 30 };
const DEFAULT_PER_MINUTE = 600;

export class RateWindows {
  private readonly seen = new Map<string, number[]>();

  /** Counts one request; the time the window frees a slot when over the limit, else undefined. */
  hit(token: string, step: string, now: number): number | undefined {
    const key = `${step}:${token}`;
    const recent = (this.seen.get(key) ?? []).filter((t) => t > now - 60_000);
    const limit = PER_MINUTE[step] ?? DEFAULT_PER_MINUTE;
    if (recent.length >= limit) {
      this.seen.set(key, recent);
      return recent[0]! + 60_000;
    }
    recent.push(now);
    this.seen.set(key, recent);
    return undefined;
  }
}

export type Authorized = { ok: true; token: AccessToken } | { ok: false; res: EmuResponse };

/** The bearer token with `scope`, answered TikTok's way when it is missing, expired, invalid or short of it. */
export function authorize(
  ctx: EmulatorContext,
  windows: RateWindows,
  req: EmuRequest,
  step: string,
  scope: string | string[],
): Authorized {
  const check = ctx.oauth.check('tiktok', req.bearer(), scope);
  if (!check.ok) {
    if (check.reason === 'insufficient_scope')
      return {
        ok: false,
        res: apiError(
          401,
          'scope_not_authorized',
          `The user did not authorize the scope required for this request (${check.scope}).`,
        ),
      };
    return { ok: false, res: tiktokErrors.tokenExpired(ctx.now()) };
  }
  const now = ctx.now();
  const resetAt = windows.hit(check.token.accessToken, step, now);
  if (resetAt !== undefined) return { ok: false, res: rateLimited(resetAt, now) };
  return { ok: true, token: check.token };
}

/** A JSON body as an object, or undefined (missing, not JSON, not an object). */
export async function jsonObject(req: EmuRequest): Promise<Record<string, unknown> | undefined> {
  const body = await req.json();
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}
