import type { FaultEnvelopes } from '../../core/context';
import { json, type EmuResponse } from '../../core/http';
import type { AccessCheck } from '../../core/oauth';

/** Google's `error.status` for each HTTP status the emulator answers with. */
const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'OUT_OF_RANGE',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export interface GoogleErrorOptions {
  domain?: string;
  /** The message inside `errors[0]` when it differs from the top one (Google's short forms). */
  itemMessage?: string;
  location?: string;
  locationType?: 'parameter' | 'header';
  headers?: Record<string, string>;
}

/** `{error: {code, message, errors: [{message, domain, reason, location?}], status}}`, Google's API envelope. */
export function googleError(code: number, reason: string, message: string, o: GoogleErrorOptions = {}): EmuResponse {
  const item = {
    message: o.itemMessage ?? message,
    domain: o.domain ?? 'global',
    reason,
    ...(o.location ? { location: o.location, locationType: o.locationType ?? 'parameter' } : {}),
  };
  return json(
    code,
    { error: { code, message, errors: [item], ...(STATUS[code] ? { status: STATUS[code] } : {}) } },
    o.headers,
  );
}

/** Whether a reader's result is an answer (a refusal) rather than the value it read. */
export const isResponse = (x: object): x is EmuResponse => typeof (x as { status?: unknown }).status === 'number';

/** A refused video resource or upload (`badRequest` family, domain youtube.video). */
export const videoError = (reason: string, message: string) =>
  googleError(400, reason, message, { domain: 'youtube.video' });

export const parameterError = (reason: string, message: string, parameter: string) =>
  googleError(400, reason, message, { location: parameter, locationType: 'parameter' });

/**
 * A list call's `maxResults` within the method's documented bounds (its default when absent), or the 400
 * `invalidValue` YouTube answers for any other value.
 */
export function maxResultsOf(
  q: URLSearchParams,
  bounds: { min: number; max: number; default: number },
): number | EmuResponse {
  const max = q.has('maxResults') ? Number(q.get('maxResults')) : bounds.default;
  if (Number.isInteger(max) && max >= bounds.min && max <= bounds.max) return max;
  return parameterError(
    'invalidValue',
    `Invalid value '${q.get('maxResults')}'. Values must be within the range: [${bounds.min}, ${bounds.max}]`,
    'maxResults',
  );
}

const REALM = 'Bearer realm="https://accounts.google.com/"';
const INVALID_CREDENTIALS =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

export const invalidCredentials = () =>
  googleError(401, 'authError', INVALID_CREDENTIALS, {
    itemMessage: 'Invalid Credentials',
    location: 'Authorization',
    locationType: 'header',
    headers: { 'www-authenticate': `${REALM}, error="invalid_token"` },
  });

/** How Google answers a request whose bearer token is missing, unknown, expired or short of scopes. */
export function authFailure(check: Extract<AccessCheck, { ok: false }>): EmuResponse {
  if (check.reason === 'insufficient_scope')
    return googleError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', {
      itemMessage: 'Insufficient Permission',
      headers: { 'www-authenticate': `${REALM}, error="insufficient_scope", scope="${check.scope ?? ''}"` },
    });
  if (check.reason === 'missing')
    return googleError(
      401,
      'required',
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      {
        itemMessage: 'Login Required.',
        location: 'Authorization',
        locationType: 'header',
        headers: { 'www-authenticate': REALM },
      },
    );
  return invalidCredentials();
}

export function quotaExceeded(resetAt: Date): EmuResponse {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return googleError(
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    { domain: 'youtube.quota', headers: { 'retry-after': String(seconds) } },
  );
}

export const errors: FaultEnvelopes = {
  rateLimit: quotaExceeded,
  serverError: () => googleError(500, 'backendError', 'Internal error encountered.', { itemMessage: 'Backend Error' }),
  tokenExpired: invalidCredentials,
  reject: (message) => googleError(400, 'badRequest', message, { domain: 'youtube.api' }),
};

/** The token endpoint's own envelope: `{error, error_description}`. */
export const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });
