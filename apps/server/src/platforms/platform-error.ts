/**
 * The closed set every platform failure is sorted into. Generic code (the runner, the connection service)
 * decides what to do from the kind alone:
 * - `auth_expired`: the access token is no longer accepted; refresh once, then try again.
 * - `rate_limited`: wait until `retryAt` (read from the platform's headers or body), then try again.
 * - `retryable`: a passing fault (5xx, timeout, connection reset); back off and try again.
 * - `rejected`: the platform refused this request for good; show `platformMessage` to the person.
 * - `disconnected`: the grant is gone (revoked, refresh token dead); the person must connect again.
 */
export const PLATFORM_ERROR_KINDS = ['auth_expired', 'rate_limited', 'retryable', 'rejected', 'disconnected'] as const;
export type PlatformErrorKind = (typeof PLATFORM_ERROR_KINDS)[number];

export interface PlatformErrorDetails {
  /** The step that failed, e.g. `oauth.token`, `upload.append`, `create`. */
  step?: string;
  /** HTTP status of the platform's answer; undefined when none came (timeout, network). */
  httpStatus?: number;
  /** The platform's own error code (`spam_risk_too_many_posts`, `190/463`, `RATELIMIT` …). */
  platformCode?: string;
  /** The platform's own message, kept for the person. */
  platformMessage?: string;
  /** For `rate_limited`: when the platform says it will take requests again. */
  retryAt?: Date;
  /**
   * The reply could not be understood (not the platform's documented shape). It is `retryable` the first
   * time; `escalateUnrecognized` makes the second one `rejected` with the raw message.
   */
  unrecognized?: boolean;
  /**
   * For `disconnected`: the permissions the platform refused the call without, in its own spelling. Connecting
   * again asks for them (the adapter's scopes hold them).
   */
  missingPermissions?: string[];
  /** The request may have taken effect though no answer came (a timeout after the body was sent). */
  outcomeUnknown?: boolean;
  /**
   * The create went out and was taken, but the platform never said how it ended, and the post is not found
   * there: the post may still appear. The run ends `unconfirmed`, never `failed`, so nobody posts it twice.
   */
  createSent?: boolean;
  cause?: unknown;
}

export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  readonly platform: string;
  readonly step?: string;
  readonly httpStatus?: number;
  readonly platformCode?: string;
  readonly platformMessage?: string;
  readonly retryAt?: Date;
  readonly missingPermissions?: string[];
  readonly unrecognized: boolean;
  readonly outcomeUnknown: boolean;
  readonly createSent: boolean;

  constructor(platform: string, kind: PlatformErrorKind, message: string, details: PlatformErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PlatformError';
    this.platform = platform;
    this.kind = kind;
    this.step = details.step;
    this.httpStatus = details.httpStatus;
    this.platformCode = details.platformCode;
    this.platformMessage = details.platformMessage;
    this.retryAt = details.retryAt;
    this.missingPermissions = details.missingPermissions;
    this.unrecognized = details.unrecognized ?? false;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.createSent = details.createSent ?? false;
  }

  /** How long to wait before the next try when rate-limited; 0 otherwise. */
  retryAfterMs(now = Date.now()): number {
    return this.retryAt ? Math.max(0, this.retryAt.getTime() - now) : 0;
  }

  toJSON() {
    return {
      kind: this.kind,
      platform: this.platform,
      message: this.message,
      step: this.step,
      httpStatus: this.httpStatus,
      platformCode: this.platformCode,
      platformMessage: this.platformMessage,
      retryAt: this.retryAt?.toISOString(),
      missingPermissions: this.missingPermissions,
      unrecognized: this.unrecognized,
      outcomeUnknown: this.outcomeUnknown,
    };
  }
}

export const isPlatformError = (err: unknown): err is PlatformError => err instanceof PlatformError;

/**
 * A reply that was not understood is retried once; the second in a row for the same step is `rejected`
 * with the platform's raw message, so a reply nobody understands never ends as a silent success or an
 * endless retry.
 */
export function escalateUnrecognized(err: PlatformError, previous: { unrecognized?: boolean } | undefined) {
  if (!err.unrecognized || !previous?.unrecognized) return err;
  return new PlatformError(err.platform, 'rejected', err.message, {
    step: err.step,
    httpStatus: err.httpStatus,
    platformCode: err.platformCode,
    platformMessage: err.platformMessage,
    unrecognized: true,
  });
}
