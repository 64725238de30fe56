import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON of any kind (application/json, application/problem+json …); nothing else. */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/i;

/**
 * API answers of 1 KB and more are sent br- or gzip-encoded when the client accepts it (a page of 50 videos
 * is ~40 KB of JSON, ~5 KB as br). Only JSON: media under /uploads keeps its byte ranges and ETags
 * untouched, and the live event stream (/api/events) is flushed event by event, never buffered by an encoder.
 * Request bodies are taken as sent (no decoding of Content-Encoding).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPES,
  });
}
