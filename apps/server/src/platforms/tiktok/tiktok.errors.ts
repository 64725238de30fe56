import type { PlatformResponse } from '../base-adapter';
import { PlatformError } from '../platform-error';

const DEFAULT_RATE_LIMIT_MS = 60_000;
const UNAUDITED_ADVICE =
  "(This app has not passed TikTok's Direct Post audit: until it does, TikTok takes posts only from private " +
  'accounts, for at most 5 people a day, and keeps them private.)';

/** TikTok's API envelope: `error: {code, message, log_id}` on every answer, `code: 'ok'` on success. */
export function apiError(body: unknown): { code: string; message: string } | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return undefined;
  return { code, message: typeof message === 'string' ? message : '' };
}

/** The token endpoint's envelope: `{error, error_description, log_id}`. */
function oauthError(body: unknown): { code: string; message: string } | undefined {
  const b = body as { error?: unknown; error_description?: unknown } | undefined;
  if (typeof b?.error !== 'string') return undefined;
  return { code: b.error, message: typeof b.error_description === 'string' ? b.error_description : '' };
}

function retryAt(res: PlatformResponse): Date {
  const retryAfter = Number(res.headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return new Date(Date.now() + retryAfter * 1000);
  const reset = Number(res.headers['x-ratelimit-reset']);
  // An epoch (seconds) or a number of seconds to wait: tell them apart by size.
  if (Number.isFinite(reset) && reset > 0) return new Date(reset > 1e9 ? reset * 1000 : Date.now() + reset * 1000);
  return new Date(Date.now() + DEFAULT_RATE_LIMIT_MS);
}

/**
 * Sorts a TikTok answer into the closed set. Called for non-2xx answers and for 2xx answers whose
 * envelope does not say `ok`. `fallback` is the status-only classification for answers without an envelope.
 */
export function classifyTikTok(
  res: PlatformResponse,
  step: string,
  fallback: (res: PlatformResponse, step: string) => PlatformError,
): PlatformError {
  const oauth = step.startsWith('oauth.') ? oauthError(res.body) : undefined;
  const found = oauth ?? apiError(res.body);
  if (!found) return fallback(res, step);
  const { code, message } = found;
  const details = { step, httpStatus: res.status, platformCode: code, platformMessage: message || code };
  const text = `tiktok ${step}: ${message || code}`;
  if (oauth) {
    if (code === 'invalid_grant')
      return new PlatformError('tiktok', step === 'oauth.refresh' ? 'disconnected' : 'rejected', text, details);
    if (res.status >= 500) return new PlatformError('tiktok', 'retryable', text, details);
    return new PlatformError('tiktok', 'rejected', text, details);
  }
  switch (code) {
    case 'access_token_invalid':
      return new PlatformError('tiktok', 'auth_expired', text, details);
    case 'scope_not_authorized':
      // The person took a permission back: only a new authorization restores it.
      return new PlatformError('tiktok', 'disconnected', text, details);
    case 'rate_limit_exceeded':
      return new PlatformError('tiktok', 'rate_limited', text, { ...details, retryAt: retryAt(res) });
    case 'internal_error':
      return new PlatformError('tiktok', 'retryable', text, details);
    case 'unaudited_client_can_only_post_to_private_accounts':
    case 'reached_active_user_cap':
      // Content Sharing Guidelines: an unaudited app posts only from private accounts, for 5 users a day.
      return new PlatformError('tiktok', 'rejected', `${text} ${UNAUDITED_ADVICE}`, details);
  }
  if (res.status === 401) return new PlatformError('tiktok', 'auth_expired', text, details);
  if (res.status === 429)
    return new PlatformError('tiktok', 'rate_limited', text, { ...details, retryAt: retryAt(res) });
  if (res.status >= 500) return new PlatformError('tiktok', 'retryable', text, details);
  return new PlatformError('tiktok', 'rejected', text, details);
}
