import { ApiError } from '../api/api-error';

/** The command line's exit codes (docs/cli.md). */
/** 130: stopped by Ctrl-C (the shell's convention), an upload left to resume. */
export const EXIT = { ok: 0, usage: 2, auth: 3, refused: 4, server: 5, interrupted: 130 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the command line reports in words, with the API's code when the API gave one. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage, 'usage');

/** Codes of a 4xx that mean the request was understood and a rule, a state or a platform said no. */
const REFUSED_STATUSES = new Set([409, 413, 422, 423, 429]);

/**
 * 401 and a token that may not do this (403 `api_token_*`): auth. A broken publishing rule (400
 * `validation_failed` with violations) or a state or platform refusal (409, 413, 422, 429): refused. Any
 * other 4xx (a bad value, an unknown id): usage. 5xx or no answer: server.
 */
export function exitCodeFor(status: number, code: string, hasViolations: boolean): ExitCode {
  if (status === 401 || (status === 403 && code.startsWith('api_token'))) return EXIT.auth;
  if (status === 0 || status >= 500) return EXIT.server;
  if (REFUSED_STATUSES.has(status) || status === 403 || hasViolations) return EXIT.refused;
  return EXIT.usage;
}

export function fromApiError(err: ApiError): CliError {
  const violations = Array.isArray(err.body.violations) ? err.body.violations : undefined;
  return new CliError(err.message, exitCodeFor(err.status, err.code, !!violations?.length), err.code, err.body);
}
