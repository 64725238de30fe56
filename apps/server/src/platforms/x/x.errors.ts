import type { PlatformResponse } from '../base-adapter';
import { retryAfterHeader } from '../base-adapter';
import { PlatformError, type PlatformErrorKind } from '../platform-error';

/** Without a reset header: X's rate-limit windows are 15 minutes. */
const DEFAULT_WAIT_MS = 15 * 60_000;

interface Problem {
  title?: string;
  detail?: string;
  type?: string;
  status?: number;
  message?: string;
  code?: number;
}

/**
 * X's failures: Problem JSON `{title, detail, type, status}` (or a legacy `{errors: [{code, message}]}`),
 * the OAuth endpoint's `{error, error_description}`, and rate limits with `x-rate-limit-reset` (epoch s).
 */
export function classifyX(platform: string, res: PlatformResponse, step: string): PlatformError {
  const body = (res.body ?? {}) as Problem & { error?: unknown; error_description?: string; errors?: Problem[] };
  if (typeof body.error === 'string') return oauthFailure(platform, res, step, body.error, body.error_description);
  const problem: Problem = body.title || body.detail ? body : (body.errors?.[0] ?? {});
  // `about:blank` is Problem JSON's "no particular type" (RFC 9457): the title is then the code.
  const type = problem.type && problem.type !== 'about:blank' ? problem.type.split('/').pop() : undefined;
  const platformCode = type || (problem.code !== undefined ? String(problem.code) : problem.title);
  const platformMessage = problem.detail || problem.message || problem.title || res.text.slice(0, 300) || undefined;
  const details = { step, httpStatus: res.status, platformCode, platformMessage };
  const message = `${platform} ${step}: ${platformMessage ?? `HTTP ${res.status}`}`;
  if (res.status === 429 || platformCode === 'usage-capped' || problem.code === 88)
    return new PlatformError(platform, 'rate_limited', message, { ...details, retryAt: xRetryAt(res.headers) });
  if (res.status === 401) return new PlatformError(platform, 'auth_expired', message, details);
  if (res.status >= 500 || res.status === 408) return new PlatformError(platform, 'retryable', message, details);
  return new PlatformError(platform, 'rejected', message, details);
}

function oauthFailure(platform: string, res: PlatformResponse, step: string, code: string, description?: string) {
  let kind: PlatformErrorKind = 'rejected';
  if (res.status >= 500) kind = 'retryable';
  else if (res.status === 429) kind = 'rate_limited';
  // A refresh token X no longer takes (used, revoked, expired): the grant is gone.
  else if (step === 'oauth.refresh') kind = 'disconnected';
  return new PlatformError(platform, kind, `${platform} ${step}: ${description ?? code}`, {
    step,
    httpStatus: res.status,
    platformCode: code,
    platformMessage: description ?? code,
    retryAt: kind === 'rate_limited' ? xRetryAt(res.headers) : undefined,
  });
}

export function xRetryAt(headers: Record<string, string>, now = Date.now()): Date {
  const reset = Number(headers['x-rate-limit-reset']);
  // A reset already past (clocks differ) still means: not this very second.
  if (headers['x-rate-limit-reset'] && Number.isFinite(reset)) return new Date(Math.max(reset * 1000, now + 1000));
  return retryAfterHeader(headers) ?? new Date(now + DEFAULT_WAIT_MS);
}
