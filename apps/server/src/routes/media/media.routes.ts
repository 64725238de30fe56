import { ErrorBody } from '@fanout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { STORED_TYPES } from '../../media/containers';
import type { StoredFileInfo } from '../../storage/storage';
import { parseRange } from './byte-range';
import { parseHttpDate } from './http-date';

/** The bytes of a stored video (any of the stored video types), thumbnail or cover (JPEG or PNG). */
const FILE_BYTES = z.string().meta({ format: 'binary' });
const FILE_CONTENT = {
  'video/*': { schema: FILE_BYTES },
  'image/jpeg': { schema: FILE_BYTES },
  'image/png': { schema: FILE_BYTES },
};
/** An answer without a body: OpenAPI 3.0 has no null type, so the document is told so outright. */
export const NO_BODY = z.null().meta({ type: 'null' });

/** Exactly the names the server generates: 128 random bits in hex and one known extension. */
const SERVED_NAME = /^[0-9a-f]{32}\.([a-z0-9]{1,4})$/;

function contentTypeOf(filename: string): string | undefined {
  const ext = SERVED_NAME.exec(filename)?.[1];
  return ext ? STORED_TYPES[ext] : undefined;
}

const etagOf = (info: StoredFileInfo) =>
  `"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime()).toString(16)}"`;

const wholeSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

function etagListMatches(header: string, etag: string): boolean {
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function isNotModified(request: FastifyRequest, etag: string, info: StoredFileInfo): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagListMatches(ifNoneMatch, etag);
  // RFC 9110 §13.1.3: a value that is not an HTTP-date, or a date later than the server's clock, is ignored.
  const since = parseHttpDate(request.headers['if-modified-since']);
  if (since === null || since > Date.now()) return false;
  return wholeSeconds(info.modifiedAt) <= since / 1000;
}

/** A Range applies only while the client's copy is current (If-Range holds an ETag or a date). */
function ifRangeHolds(request: FastifyRequest, etag: string, info: StoredFileInfo): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.trim().startsWith('"')) return ifRange.trim() === etag;
  const date = parseHttpDate(ifRange);
  return date !== null && wholeSeconds(info.modifiedAt) === date / 1000;
}

/** The answers of a route that serves a stored file (sendStoredFile), beside its errors. */
export const FILE_RESPONSES = {
  200: { description: 'The whole file (to HEAD: its headers only)', content: FILE_CONTENT },
  206: { description: 'The byte range asked for, with Content-Range', content: FILE_CONTENT },
  304: NO_BODY.describe('Not modified: the copy the client holds is current'),
};

/** How long a browser may replay a stored file without asking: a day, for the signed-in person's own media. */
export const OWN_MEDIA_CACHE = 'private, max-age=86400';

/**
 * Answers a GET or HEAD with a stored file (a video, a thumbnail, a video's fitting copy): its validators, a
 * Range, If-None-Match and If-Modified-Since. 404 when the name is not one the server makes or no such file is
 * stored. `cacheControl`: a route whose access can end (a preview link) asks the browser to check every time.
 */
export async function sendStoredFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  filename: string,
  cacheControl = OWN_MEDIA_CACHE,
) {
  const contentType = contentTypeOf(filename);
  const info = contentType ? await ctx.storage.stat(filename) : null;
  if (!contentType || !info) throw notFound('File');

  const etag = etagOf(info);
  reply.headers({
    etag,
    'last-modified': info.modifiedAt.toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
  if (isNotModified(request, etag, info)) return reply.code(304).send();

  let answer = parseRange(request.headers.range, info.size);
  if (answer.kind !== 'whole' && !ifRangeHolds(request, etag, info)) answer = { kind: 'whole' };
  if (answer.kind === 'unsatisfiable') {
    throw new AppError(416, 'range_not_satisfiable', 'The requested byte range is not within the file', {
      'content-range': `bytes */${info.size}`,
    });
  }
  const range = answer.kind === 'partial' ? answer.range : undefined;
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header('content-type', contentType).header('content-length', String(length));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(ctx.storage.createReadStream(filename, range));
}

/**
 * Media and thumbnails by file name. Not behind the Bearer token: <video> and <img> elements cannot send
 * one. The names are 128-bit random ids, unguessable and never listed to anyone but the owner. Whatever the
 * storage backend, the bytes stream through this server (an S3 object by a ranged GET), so the page's
 * origin, its CSP and these headers stay the same.
 */
export const mediaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/uploads/:filename',
      exposeHeadRoute: false,
      schema: {
        tags: ['media'],
        summary: 'A stored video, thumbnail or cover; supports Range, If-None-Match and HEAD',
        params: z.object({ filename: z.string() }),
        response: {
          ...FILE_RESPONSES,
          404: ErrorBody,
          416: ErrorBody,
        },
      },
      handler: async (request: FastifyRequest<{ Params: { filename: string } }>, reply: FastifyReply) =>
        sendStoredFile(ctx, request, reply, request.params.filename),
    });
  };
