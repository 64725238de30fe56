import { retryAfterHeader, type PlatformResponse } from '../base-adapter';
import { PlatformError } from '../platform-error';

const DEFAULT_RATE_LIMIT_MS = 60_000;
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'uploadRateLimitExceeded']);
const AUTH_REASONS = new Set(['authError', 'expired', 'invalidCredentials', 'unauthorized']);
const RETRY_REASONS = new Set(['backendError', 'internalError', 'serviceUnavailable']);

/** The Data API's daily quota starts again at midnight Pacific time. */
export function nextPacificMidnight(now = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = (get('hour') * 3600 + get('minute') * 60 + get('second')) * 1000 + now.getMilliseconds();
  return new Date(now.getTime() + 24 * 3_600_000 - elapsed);
}

/** `{error: {code, message, errors: [{reason, domain, message}]}}` of the Data API. */
function apiError(body: unknown): { reason?: string; message: string } | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; status?: unknown; errors?: { reason?: unknown; message?: unknown }[] };
  const first = Array.isArray(e.errors) ? e.errors[0] : undefined;
  const reason = typeof first?.reason === 'string' ? first.reason : typeof e.status === 'string' ? e.status : undefined;
  const message = typeof e.message === 'string' ? e.message : typeof first?.message === 'string' ? first.message : '';
  return { reason, message };
}

/** The token endpoint's `{error, error_description}`. */
function oauthError(body: unknown): { reason: string; message: string } | undefined {
  const b = body as { error?: unknown; error_description?: unknown } | undefined;
  if (typeof b?.error !== 'string') return undefined;
  return { reason: b.error, message: typeof b.error_description === 'string' ? b.error_description : b.error };
}

export function classifyYouTube(
  res: PlatformResponse,
  step: string,
  fallback: (res: PlatformResponse, step: string) => PlatformError,
): PlatformError {
  const oauth = step.startsWith('oauth.') ? oauthError(res.body) : undefined;
  const found = oauth ?? apiError(res.body);
  if (!found) return fallback(res, step);
  const reason = found.reason;
  const message = found.message || reason || `HTTP ${res.status}`;
  const details = { step, httpStatus: res.status, platformCode: reason, platformMessage: message };
  const text = `youtube ${step}: ${message}`;
  const make = (kind: ConstructorParameters<typeof PlatformError>[1], extra = {}) =>
    new PlatformError('youtube', kind, text, { ...details, ...extra });
  if (oauth) {
    if (reason === 'invalid_grant') return make(step === 'oauth.refresh' ? 'disconnected' : 'rejected');
    return make(res.status >= 500 ? 'retryable' : 'rejected');
  }
  if (res.status === 401 || (reason && AUTH_REASONS.has(reason))) return make('auth_expired');
  if (reason && QUOTA_REASONS.has(reason)) return make('rate_limited', { retryAt: nextPacificMidnight() });
  if (res.status === 429 || (reason && RATE_REASONS.has(reason)))
    return make('rate_limited', {
      retryAt: retryAfterHeader(res.headers) ?? new Date(Date.now() + DEFAULT_RATE_LIMIT_MS),
    });
  // The person withdrew the permission to upload: only a new grant brings it back.
  if (reason === 'insufficientPermissions') return make('disconnected');
  if (res.status >= 500 || (reason && RETRY_REASONS.has(reason))) return make('retryable');
  return make('rejected');
}
