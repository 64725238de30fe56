import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const INVALID_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken Unicode';

export const invalidText = () => badRequest(INVALID_TEXT_MESSAGE, 'invalid_text');

/** A high surrogate with no low one after it, or a low surrogate with no high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store `text` as it is: no NUL (text columns refuse it, jsonb refuses `\u0000`)
 * and no lone UTF-16 surrogate (not a character: jsonb refuses it, text columns would turn it into U+FFFD).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * Objects of parsed JSON and of params; also the query object, made by a constructor whose prototype has
 * no prototype. Not buffers or streams, which some body parsers hand over.
 */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Whether a parsed JSON body, query or params object holds text that is not storable, in a string at
 * any depth or in an object key. Walks with its own stack: a deeply nested body cannot overflow ours.
 */
export function containsBadText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isStorableText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (typeof item === 'object' && item !== null && isPlainObject(item)) {
      for (const key of Object.keys(item)) {
        if (!isStorableText(key)) return true;
        pending.push(item[key]);
      }
    }
  }
  return false;
}

/**
 * Refuses, before validation and before any query, requests whose params, query or JSON body carry text
 * the database cannot store: a client mistake answered with 400 invalid_text instead of a driver error.
 * Multipart fields are read by the upload route itself, which makes the same check.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsBadText(request.params) || containsBadText(request.query) || containsBadText(request.body)) {
      throw invalidText();
    }
  });
}
