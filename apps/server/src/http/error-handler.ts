import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { INVALID_TEXT_MESSAGE } from './text-input';

/** Fastify's own client-error codes, mapped to our stable codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported content type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'Invalid Content-Length' },
  FST_ERR_VALIDATION: { status: 400, code: 'validation_failed', message: 'The request is not valid' },
};

/**
 * PostgreSQL refusing a value that came from the request (SQLSTATE class 22, data exception): the
 * client's mistake, when the checks before the query let it through. Both drivers (pg, PGlite) put the
 * SQLSTATE in `code` next to `severity`.
 */
const DATABASE_VALUE_ERRORS: Record<string, { code: string; message: string }> = {
  /** character_not_in_repertoire: a NUL in text */
  '22021': { code: 'invalid_text', message: INVALID_TEXT_MESSAGE },
  /** untranslatable_character: `\u0000` in jsonb */
  '22P05': { code: 'invalid_text', message: INVALID_TEXT_MESSAGE },
  /** numeric_value_out_of_range: e.g. an id over 2^31-1 for an integer column */
  '22003': { code: 'validation_failed', message: 'A number in the request is out of range' },
};

function databaseValueError(err: FastifyError) {
  if (typeof err.code !== 'string' || !('severity' in err)) return undefined;
  return Object.hasOwn(DATABASE_VALUE_ERRORS, err.code) ? DATABASE_VALUE_ERRORS[err.code] : undefined;
}

function zodMessage(err: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(err)) return err.message;
  const first = err.validation[0];
  if (!first) return 'The request is not valid';
  const where = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const issue = first.params?.issue as { code?: string; values?: unknown[] } | undefined;
  let message = first.message ?? 'is not valid';
  if (issue?.code === 'invalid_value' && Array.isArray(issue.values)) {
    message = `must be one of: ${issue.values.join(', ')}`;
  }
  return where ? `${where}: ${message}` : message;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ error: zodMessage(err), code: 'validation_failed' });
    }
    if (err.code === 'FST_ERR_RATE_LIMIT' || err.statusCode === 429) {
      return reply.code(429).send({ error: 'Too many attempts. Try again later.', code: 'rate_limited' });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.code(known.status).send({ error: known.message, code: known.code });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: err.message, code: 'bad_request' });
    }
    const refused = databaseValueError(err);
    if (refused) {
      request.log.info({ sqlState: err.code, reason: err.message }, 'the database refused a value of the request');
      return reply.code(400).send({ error: refused.message, code: refused.code });
    }
    if (isResponseSerializationError(err)) request.log.error({ err, issues: err.cause.issues }, 'response mismatch');
    else request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });
}
