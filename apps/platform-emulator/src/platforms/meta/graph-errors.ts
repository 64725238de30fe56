import { randomBytes } from 'node:crypto';
import type { FaultEnvelopes } from '../../core/context';
import { json, type EmuResponse } from '../../core/http';
import type { AccessCheck, AccessToken } from '../../core/oauth';

/**
 * The Graph API error envelope shared by Instagram and Facebook:
 * `{error: {message, type, code, error_subcode, is_transient, error_user_title, error_user_msg, fbtrace_id}}`.
 * Graph answers client errors with HTTP 400 (token errors included, with a `WWW-Authenticate` header) and its
 * own failures with 500.
 */
export interface GraphErrorInput {
  message: string;
  code: number;
  type?: string;
  subcode?: number;
  transient?: boolean;
  userTitle?: string;
  userMsg?: string;
  data?: object;
  status?: number;
  headers?: Record<string, string>;
}

export const fbtraceId = () => randomBytes(9).toString('base64url').slice(0, 11);

export function graphError(e: GraphErrorInput): EmuResponse {
  const error: Record<string, unknown> = { message: e.message, type: e.type ?? 'OAuthException', code: e.code };
  if (e.subcode !== undefined) error.error_subcode = e.subcode;
  error.is_transient = e.transient ?? false;
  if (e.userTitle) error.error_user_title = e.userTitle;
  if (e.userMsg) error.error_user_msg = e.userMsg;
  if (e.data) error.error_data = e.data;
  error.fbtrace_id = fbtraceId();
  return json(e.status ?? 400, { error }, e.headers);
}

const oauthHeader = (message: string) => ({
  'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"`,
});

/** Dates in error texts, as Graph writes them (`Tuesday, 01-Jul-25 10:00:00 PDT`); here in UTC. */
function graphDate(ms: number): string {
  const d = new Date(ms);
  const day = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const [, dd, mon, yyyy, time] = d.toUTCString().split(' ');
  return `${day}, ${dd}-${mon}-${yyyy!.slice(2)} ${time} UTC`;
}

export function tokenExpiredError(expiresAt: number, now: number): EmuResponse {
  const message = `Error validating access token: Session has expired on ${graphDate(expiresAt)}. The current time is ${graphDate(now)}.`;
  return graphError({ message, code: 190, subcode: 463, headers: oauthHeader(message) });
}

/** The answer for a token that did not pass `OAuth.check`. */
export function tokenError(check: Exclude<AccessCheck, { ok: true }>, now: number, found?: AccessToken): EmuResponse {
  switch (check.reason) {
    case 'missing':
      return graphError({ message: 'An access token is required to request this resource.', code: 104 });
    case 'expired':
      return tokenExpiredError(found?.expiresAt ?? now, now);
    case 'insufficient_scope':
      return permissionError(check.scope ?? '');
    case 'invalid':
    default: {
      if (found?.revoked) {
        const message =
          'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.';
        return graphError({ message, code: 190, subcode: 460, headers: oauthHeader(message) });
      }
      const message = 'Invalid OAuth access token - Cannot parse access token';
      return graphError({ message, code: 190, headers: oauthHeader(message) });
    }
  }
}

export const permissionError = (scope: string) =>
  graphError({
    message: `(#10) Application does not have permission for this action`,
    code: 10,
    userTitle: 'Permission missing',
    userMsg: `This action needs the ${scope} permission.`,
  });

export const missingParam = (name: string) =>
  graphError({ message: `(#100) The parameter ${name} is required`, code: 100 });

export const invalidParam = (message: string, subcode?: number) =>
  graphError({ message: `(#100) ${message}`, code: 100, subcode });

export const unknownParam = (name: string) =>
  graphError({ message: `(#100) Param ${name} is not a valid parameter`, code: 100 });

export const nonexistingField = (field: string, nodeType: string) =>
  graphError({ message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`, code: 100 });

export const unsupportedRequest = (method: string, id: string) =>
  graphError({
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });

export const serverError = () =>
  graphError({
    message: 'An unexpected error has occurred. Please retry your request later.',
    code: 2,
    transient: true,
    status: 500,
  });

export type ThrottleCode = 4 | 17 | 32;

const THROTTLE_MESSAGES: Record<ThrottleCode, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
};

/**
 * A throttle: code 4 (app), 17 (user) or 32 (Page / business use case), with the usage headers Graph sends:
 * `x-app-usage` (percentages) and `x-business-use-case-usage` whose `estimated_time_to_regain_access` (minutes)
 * tells when calls work again.
 */
export function throttleError(
  code: ThrottleCode,
  o: { resetAt: number; now: number; objectId: string; bucType: 'pages' | 'instagram' },
): EmuResponse {
  const minutes = Math.max(1, Math.ceil((o.resetAt - o.now) / 60_000));
  const usage = { call_count: 100, total_cputime: code === 4 ? 100 : 35, total_time: code === 4 ? 100 : 40 };
  const buc = { [o.objectId]: [{ type: o.bucType, ...usage, estimated_time_to_regain_access: minutes }] };
  return graphError({
    message: THROTTLE_MESSAGES[code],
    code,
    transient: true,
    headers: { 'x-app-usage': JSON.stringify(usage), 'x-business-use-case-usage': JSON.stringify(buc) },
  });
}

/** Core fault answers in Graph's envelope. */
export function graphFaultEnvelopes(o: {
  throttleCode: ThrottleCode;
  objectId: string;
  bucType: 'pages' | 'instagram';
}): FaultEnvelopes {
  return {
    rateLimit: (resetAt, now) =>
      throttleError(o.throttleCode, {
        resetAt: resetAt.getTime(),
        now,
        objectId: o.objectId,
        bucType: o.bucType,
      }),
    serverError,
    tokenExpired: (now) => tokenExpiredError(now - 60_000, now),
    reject: (message) => graphError({ message, code: 100, userTitle: 'Request rejected', userMsg: message }),
  };
}
