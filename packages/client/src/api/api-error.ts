import type { ErrorBody } from './client';

/** An answer the API refused with, or no answer at all (status 0: the server could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.error);
  }

  get code(): string {
    return this.body.code;
  }

  /** The `{error, code}` of a failed answer, or one in words when the body is not the API's. */
  static async from(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    try {
      const body = JSON.parse(text) as ErrorBody;
      if (typeof body.error === 'string' && typeof body.code === 'string') return new ApiError(res.status, body);
    } catch {
      // not JSON: a proxy's page, say
    }
    return new ApiError(res.status, { error: `The server answered ${res.status}`, code: `http_${res.status}` });
  }

  static unreachable(url: string, cause: unknown): ApiError {
    const why = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : '';
    return new ApiError(0, { error: `Could not reach ${url}${why ? `: ${why}` : ''}`, code: 'unreachable' });
  }
}
