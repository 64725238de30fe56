import { PLATFORMS, type PostError } from '@fanout/contracts';
import { AppError } from '../../http/errors';
import { isPlatformError, type PlatformError } from '../../platforms/platform-error';
import { backoffMs, MAX_NO_ANSWER_TRIES, MAX_STEP_TRIES } from './publish-backoff';
import { StepTimeoutError } from './step-timeout';

export const platformLabel = (platform: string) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

/** What the runner does after a step (or the look-up before a create) threw. */
export type StepDecision =
  /** Renew the access token, then try the step again at once. */
  | { kind: 'refresh' }
  /** Try the step again after `waitMs`; `tries` is the step's count of failed tries so far. */
  | { kind: 'retry'; waitMs: number; tries: number }
  /** Try again exactly when the platform said it takes requests again. */
  | { kind: 'rate_limited'; until: Date }
  /**
   * The platform refused the account's grant for good (a token refused again after its renewal, a grant or
   * permission gone): the connection needs reconnecting, and the post waits for that.
   */
  | { kind: 'reconnect'; refusal: PlatformError }
  | { kind: 'fail'; error: PostError };

export interface StepState {
  platform: string;
  /** Failed tries of this step before this one. */
  tries: number;
  /** The token was renewed already for this step. */
  refreshed: boolean;
  retryBaseMs: number;
  now?: number;
}

const failure = (code: string, message: string, platformCode?: string, platformMessage?: string): StepDecision => ({
  kind: 'fail',
  error: { code, message, platformCode: platformCode ?? null, platformMessage: platformMessage ?? null },
});

/** Whether the request may have reached the platform although no answer came. */
export function outcomeUnknown(err: unknown): boolean {
  return err instanceof StepTimeoutError || (isPlatformError(err) && err.outcomeUnknown);
}

/** The platform never answered (a timeout, a reset, a refused connection), as opposed to answering with a fault. */
export function noAnswer(err: unknown): boolean {
  return (
    err instanceof StepTimeoutError ||
    (isPlatformError(err) && err.kind === 'retryable' && err.httpStatus === undefined && !err.unrecognized)
  );
}

/**
 * The closed set of platform-error.ts turned into what happens next: `retryable` backs off (full jitter, at
 * most MAX_STEP_TRIES tries, MAX_NO_ANSWER_TRIES when no answer came), `rate_limited` waits for the reset,
 * `auth_expired` renews the token once and waits for a reconnect when refused again, `disconnected` waits for
 * a reconnect at once, `rejected` fails at once. A step that timed out and anything that is not a platform's
 * answer (a bug, a file that cannot be read) are retried like `retryable`.
 */
export function decideAfterFailure(err: unknown, s: StepState): StepDecision {
  const name = platformLabel(s.platform);
  // The connection was removed while the post waited or ran.
  if (err instanceof AppError && err.statusCode === 404) {
    return failure(
      'disconnected',
      `The ${name} account was disconnected. Connect it again, then post the video again.`,
    );
  }
  if (!isPlatformError(err)) return retry(err, err instanceof Error ? err.message : String(err), s, name);
  switch (err.kind) {
    case 'rejected':
      return failure(
        'rejected',
        `${name} refused the post${err.platformMessage ? `: ${err.platformMessage}` : '.'}`,
        err.platformCode,
        err.platformMessage ?? err.message,
      );
    case 'disconnected':
      return { kind: 'reconnect', refusal: err };
    case 'auth_expired':
      return s.refreshed ? { kind: 'reconnect', refusal: err } : { kind: 'refresh' };
    case 'rate_limited':
      if (err.retryAt) return { kind: 'rate_limited', until: err.retryAt };
      return retry(err, err.platformMessage ?? err.message, s, name, err.platformCode);
    case 'retryable':
      return retry(err, err.platformMessage ?? err.message, s, name, err.platformCode, err.platformMessage);
  }
}

/**
 * A refusal of the grant that marking the connection could not turn into a wait (the grant was replaced
 * meanwhile, and refused again): the post fails, asking for a reconnect.
 */
export function grantRefusedFailure(err: PlatformError): PostError {
  const name = platformLabel(err.platform);
  const why =
    err.kind === 'disconnected'
      ? `${name} no longer accepts this account`
      : `${name} refused the account's sign-in even after it was renewed`;
  return {
    code: err.kind,
    message: `${why}: reconnect it on the Accounts screen, then retry.`,
    platformCode: err.platformCode ?? null,
    platformMessage: err.platformMessage ?? null,
  };
}

/** Another try of the step after a backoff, or the post fails once `err` has used up its kind's tries. */
function retry(
  err: unknown,
  message: string,
  s: StepState,
  name: string,
  platformCode?: string,
  platformMessage?: string,
): StepDecision {
  const tries = s.tries + 1;
  if (tries >= (noAnswer(err) ? MAX_NO_ANSWER_TRIES : MAX_STEP_TRIES)) {
    return failure(
      'retryable',
      `${name} kept failing after ${tries} tries (last: ${message}). Retry later.`,
      platformCode,
      platformMessage,
    );
  }
  return { kind: 'retry', waitMs: backoffMs(tries, s.retryBaseMs), tries };
}

/** The create's answer was lost and the platform does not show the post. */
export function unconfirmed(platform: string, err: unknown): PostError {
  const name = platformLabel(platform);
  const why = err instanceof StepTimeoutError ? 'did not answer in time' : 'gave no answer';
  return {
    code: 'unconfirmed',
    message:
      `${name} ${why} when the post was sent, and the post could not be found there. ` +
      `Check ${name} before retrying: if the post is there, do not retry.`,
    platformCode: null,
    platformMessage: isPlatformError(err) ? (err.platformMessage ?? null) : null,
  };
}
