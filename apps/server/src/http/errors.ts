/** Named errors: an HTTP status and a stable machine code. The error handler turns them into `{error, code}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in to continue', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what = 'Resource', code = 'not_found') => new AppError(404, code, `${what} not found`);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const payloadTooLarge = (message: string, code = 'payload_too_large') => new AppError(413, code, message);
export const unsupportedMediaType = (message: string, code = 'unsupported_media_type') =>
  new AppError(415, code, message);
export const unprocessable = (message: string, code = 'unprocessable') => new AppError(422, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError(429, 'rate_limited', message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const shuttingDown = () =>
  new AppError(503, 'shutting_down', 'The server is restarting. Try again in a moment.', {
    'retry-after': '5',
    connection: 'close',
  });
