import type { PlatformResponse } from '../base-adapter';
import { retryAfterHeader } from '../base-adapter';
import { PlatformError } from '../platform-error';

/** Meta's error envelope, the same on graph.facebook.com and graph.instagram.com. */
export interface MetaErrorBody {
  message?: string;
  type?: string;
  code?: number | string;
  error_subcode?: number | string;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
}

/** 190 with these subcodes: the person revoked the app, changed their password or the session is gone. */
const REVOKED_SUBCODES = new Set([458, 459, 460, 464]);
/** Application, user, Page and custom rate limits. */
const THROTTLE_CODES = new Set([4, 17, 32, 613]);
const PUBLISHING_LIMIT = { code: 9, subcode: 2207042 };
/** Code 4 with this subcode is not a throttle but a post refused as spam or a duplicate: waiting will not help. */
const SUSPECTED_SPAM_SUBCODE = 2207051;
const PUBLISHING_LIMIT_WAIT_MS = 60 * 60_000;
const THROTTLE_WAIT_MS = 5 * 60_000;

/** The envelope of an answer (also of a 200 answer: Meta sometimes reports errors that way). */
export function metaError(body: unknown): MetaErrorBody | undefined {
  const e = (body as { error?: unknown } | undefined)?.error;
  return e && typeof e === 'object' && ('code' in e || 'message' in e) ? (e as MetaErrorBody) : undefined;
}

/** What a Meta adapter knows of the permissions its calls take, to name the one a refusal went without. */
export interface PermissionHints {
  /** The adapter's scopes: those the platform's message names are the ones missing. */
  scopes: readonly string[];
  /** Refusals whose words name no permission but mean one (Facebook's "No permission to publish the video"). */
  meanings?: readonly (readonly [RegExp, readonly string[]])[];
  /** Else the permissions the documents give the step's call. */
  steps?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Sorts a Meta answer into the closed set; undefined when it carries none of Meta's envelopes (the caller
 * then falls back to the status alone).
 */
export function classifyMetaError(
  platform: string,
  res: PlatformResponse,
  step: string,
  hints?: PermissionHints,
): PlatformError | undefined {
  const err = metaError(res.body);
  if (err) return fromEnvelope(platform, res, step, err, hints);
  return fromRupload(platform, res, step) ?? fromLegacyOAuth(platform, res, step);
}

/**
 * Graph's permission errors: code 10 and 200–299 ("Handling errors"), and the (#100) a Page's /videos answers
 * to a token that may not publish a video there ("No permission to publish the video").
 */
const isPermissionRefusal = (code: number, message: string) =>
  code === 10 || (code >= 200 && code <= 299) || (code === 100 && /no permission/i.test(message));

/** The permissions a refusal went without: named by the message, else meant by it, else the step's. */
function missingPermissions(step: string, message: string, hints: PermissionHints | undefined): string[] {
  if (!hints) return [];
  const named = hints.scopes.filter((s) => new RegExp(`\\b${s}\\b`).test(message));
  if (named.length) return named;
  const meant = hints.meanings?.find(([pattern]) => pattern.test(message));
  return [...(meant?.[1] ?? hints.steps?.[step] ?? [])];
}

function fromEnvelope(
  platform: string,
  res: PlatformResponse,
  step: string,
  err: MetaErrorBody,
  hints?: PermissionHints,
): PlatformError {
  const code = Number(err.code);
  const subcode = err.error_subcode === undefined || err.error_subcode === null ? undefined : Number(err.error_subcode);
  const platformMessage = err.error_user_msg || err.message || `error ${code}`;
  const details = {
    step,
    httpStatus: res.status,
    platformCode: subcode === undefined ? String(code) : `${code}/${subcode}`,
    platformMessage,
  };
  const message = `${platform} ${step}: ${platformMessage}`;
  if (code === 190)
    return new PlatformError(
      platform,
      REVOKED_SUBCODES.has(subcode ?? -1) ? 'disconnected' : 'auth_expired',
      message,
      details,
    );
  const publishingLimit = code === PUBLISHING_LIMIT.code && subcode === PUBLISHING_LIMIT.subcode;
  if ((THROTTLE_CODES.has(code) && subcode !== SUSPECTED_SPAM_SUBCODE) || publishingLimit)
    return new PlatformError(platform, 'rate_limited', message, {
      ...details,
      retryAt: metaRetryAt(res.headers, publishingLimit ? PUBLISHING_LIMIT_WAIT_MS : THROTTLE_WAIT_MS),
    });
  if (err.is_transient === true || code === 1 || code === 2)
    return new PlatformError(platform, 'retryable', message, details);
  // A permission the person took back (or never gave): only connecting again, asking for it, restores it.
  if (isPermissionRefusal(code, platformMessage) || isPermissionRefusal(code, err.message ?? ''))
    return new PlatformError(platform, 'disconnected', message, {
      ...details,
      missingPermissions: missingPermissions(step, `${err.message ?? ''} ${platformMessage}`, hints),
    });
  return new PlatformError(platform, 'rejected', message, details);
}

/** rupload.facebook.com answers failures as `{debug_info: {retriable, type, message}}`. */
function fromRupload(platform: string, res: PlatformResponse, step: string): PlatformError | undefined {
  const info = (res.body as { debug_info?: { retriable?: boolean; type?: string; message?: string } } | undefined)
    ?.debug_info;
  if (!info || typeof info !== 'object') return undefined;
  const platformMessage = info.message ?? info.type ?? 'upload failed';
  const kind = info.retriable || res.status >= 500 ? 'retryable' : res.status === 401 ? 'auth_expired' : 'rejected';
  return new PlatformError(platform, kind, `${platform} ${step}: ${platformMessage}`, {
    step,
    httpStatus: res.status,
    platformCode: info.type,
    platformMessage,
  });
}

/** api.instagram.com's OAuth endpoint still answers `{error_type, code, error_message}`. */
function fromLegacyOAuth(platform: string, res: PlatformResponse, step: string): PlatformError | undefined {
  const b = res.body as { error_type?: string; error_message?: string } | undefined;
  if (!b || typeof b.error_message !== 'string') return undefined;
  return new PlatformError(
    platform,
    res.status >= 500 ? 'retryable' : 'rejected',
    `${platform} ${step}: ${b.error_message}`,
    {
      step,
      httpStatus: res.status,
      platformCode: b.error_type,
      platformMessage: b.error_message,
    },
  );
}

/**
 * When Meta will take calls again: x-business-use-case-usage's `estimated_time_to_regain_access` (minutes),
 * else x-app-usage's, else Retry-After, else `fallbackMs` from now.
 */
export function metaRetryAt(headers: Record<string, string>, fallbackMs: number, now = Date.now()): Date {
  const minutes = regainMinutes(headers['x-business-use-case-usage']) ?? regainMinutes(headers['x-app-usage']);
  if (minutes !== undefined) return new Date(now + Math.max(1, minutes) * 60_000);
  return retryAfterHeader(headers) ?? new Date(now + fallbackMs);
}

/** The largest `estimated_time_to_regain_access` anywhere in a usage header's JSON. */
function regainMinutes(header: string | undefined): number | undefined {
  if (!header) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return undefined;
  }
  let found: number | undefined;
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'estimated_time_to_regain_access' && Number.isFinite(Number(x)))
          found = Math.max(found ?? 0, Number(x));
        else visit(x);
      }
  };
  visit(parsed);
  return found;
}

/** The same failure, sorted otherwise (an expired token during a refresh means the grant is gone). */
export function recast(err: PlatformError, kind: PlatformError['kind']): PlatformError {
  return new PlatformError(err.platform, kind, err.message, {
    step: err.step,
    httpStatus: err.httpStatus,
    platformCode: err.platformCode,
    platformMessage: err.platformMessage,
    retryAt: err.retryAt,
    missingPermissions: err.missingPermissions,
    cause: err,
  });
}

/** Runs an OAuth call, re-sorting its failures of `from` kinds as `to`. */
export async function sortedAs<T>(call: () => Promise<T>, from: PlatformError['kind'][], to: PlatformError['kind']) {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PlatformError && from.includes(err.kind)) throw recast(err, to);
    throw err;
  }
}
