import type { IncomingMessage } from 'node:http';
import { DuplicateVideoError as DuplicateVideoBody, ErrorBody, VideoResponse } from '@fanout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { drainBody } from '../../http/drain-body';
import { AppError, badRequest, unsupportedMediaType } from '../../http/errors';
import { invalidText, isStorableText } from '../../http/text-input';
import { guardUpload } from '../../http/upload-guards';
import { DuplicateVideoError } from '../../services/collections/duplicate-video';
import { fileTooLarge, MalformedUploadError, receiveUpload, type UploadPart } from '../../services/upload.service';
import { boundaryOf, MultipartError, MultipartParser, type MultipartLimits } from './multipart';

/** Room for the multipart framing and the small text fields around the file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

const LIMITS: MultipartLimits = {
  fields: 10,
  fieldNameSize: 100,
  fieldSize: 4096,
  files: 1,
  parts: 12,
  headerPairs: 100,
};

/** The parser's and the connection's errors, in our words. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof MultipartError && err.code === 'UNEXPECTED_END') {
    return badRequest('The upload was interrupted', 'upload_interrupted');
  }
  switch ((err as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return badRequest('Send one video per upload', 'too_many_files');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The form has too many fields', 'too_many_fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType('Send the upload as multipart/form-data', 'not_multipart');
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'ECONNRESET':
      return badRequest('The upload was interrupted', 'upload_interrupted');
    default:
      return badRequest('The upload is not a well-formed multipart form', 'malformed_upload');
  }
}

/**
 * The form's text fields get the check the other routes' JSON bodies get (text-input.ts): a field name or
 * value the database could not store ends the upload with 400 invalid_text, whatever was received before.
 */
async function* checkedText(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  for await (const part of parts) {
    if (part.type === 'field') {
      const badValue = typeof part.value === 'string' && !isStorableText(part.value);
      if (badValue || !isStorableText(part.fieldname)) throw invalidText();
    }
    yield part;
  }
}

/**
 * The request body's chunks as they arrive, a few at a time (the socket is paused while the consumer is
 * behind). Ends with an error when the client goes away before the end, or when `stop` is called (then
 * the request is left unread, for the answer to close the connection).
 */
async function* bodyChunks(req: IncomingMessage, stopped: { err?: Error; wake?: () => void }): AsyncGenerator<Buffer> {
  const queue: Buffer[] = [];
  let ended = false;
  let failure: Error | undefined;
  const wake = () => stopped.wake?.();
  const onData = (chunk: Buffer) => {
    queue.push(chunk);
    if (queue.length >= 16) req.pause();
    wake();
  };
  const onEnd = () => {
    ended = true;
    wake();
  };
  const onClose = () => {
    if (!req.complete) failure ??= Object.assign(new Error('the client went away'), { code: 'ECONNRESET' });
    wake();
  };
  const onError = (err: Error) => {
    failure ??= err;
    wake();
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('close', onClose);
  req.on('error', onError);
  try {
    for (;;) {
      if (stopped.err) throw stopped.err;
      const chunk = queue.shift();
      if (chunk) {
        if (queue.length === 0 && req.isPaused()) req.resume();
        yield chunk;
        continue;
      }
      if (ended) return;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (stopped.wake = resolve));
      stopped.wake = undefined;
    }
  } finally {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('close', onClose);
    req.off('error', onError);
    req.pause();
  }
}

/** The form's parts, parsed from the body as it streams in. */
async function* formParts(
  req: IncomingMessage,
  boundary: string,
  stopped: { err?: Error; wake?: () => void },
): AsyncGenerator<UploadPart> {
  const parser = new MultipartParser(boundary, LIMITS);
  for await (const chunk of bodyChunks(req, stopped)) yield* parser.push(chunk);
  yield* parser.end();
}

/** Rejects bodies that cannot fit before reading them; the stream is still counted byte by byte later. */
function checkDeclaredLength(ctx: AppContext, request: FastifyRequest) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > ctx.config.uploadMaxBytes + FORM_OVERHEAD_BYTES) {
    throw fileTooLarge(ctx.config.uploadMaxBytes);
  }
}

export const uploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Bodies are read by the handler as they stream in (multipart/form-data is parsed in multipart.ts);
    // any other body type reaches the handler unread, so the answer names what to send instead.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/upload',
      {
        // The project id is a field of the form the handler streams: receiveUpload checks it.
        config: { access: { inHandler: 'multipart field project_id', need: 'edit' } },
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          summary:
            'Upload a video (multipart: file part "video", fields "project_id", optional "title" and "allow_duplicate")',
          description:
            'The file is streamed to disk, checked with ffprobe and stored under a server-generated name. ' +
            'Limits: UPLOAD_MAX_BYTES per file (413 file_too_large) and the storage quota (413 quota_exceeded). ' +
            'A file that is not a real video is refused with 422 not_a_video, one whose media data is not all ' +
            'there (cut short) with 422 incomplete_video, and nothing is kept. A body that arrives slower than ' +
            'UPLOAD_MIN_BYTES_PER_SECOND is cut off (408 upload_too_slow); too many uploads at once from one ' +
            'account or address get 429 too_many_uploads with Retry-After. A file the project already has (same ' +
            "SHA-256) is refused with 409 duplicate_video and the first copy's `videoId`, nothing kept, unless the " +
            'form carries `allow_duplicate=true`. The caller must be the owner or an editor of the project (404 for ' +
            "a project they have no place in, 403 role_forbidden for a reviewer or a client); the video is the owner's " +
            "and counts against the owner's quota. Send project_id before the file: the owner's quota then bounds " +
            'the file as it arrives.',
          consumes: ['multipart/form-data'],
          response: {
            201: VideoResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            408: ErrorBody,
            409: DuplicateVideoBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const user = currentUser(request);
        const stopped: { err?: Error; wake?: () => void } = {};
        let guard: { release(): void } | undefined;
        let parts: AsyncGenerator<UploadPart> | undefined;
        try {
          const boundary = boundaryOf(request.headers['content-type']);
          if (!boundary) throw unsupportedMediaType('Send the upload as multipart/form-data', 'not_multipart');
          checkDeclaredLength(ctx, request);
          guard = guardUpload(ctx, request.raw, { userId: user.id, address: request.ip }, (err) => {
            stopped.err = err;
            stopped.wake?.();
          });
          parts = checkedText(formParts(request.raw, boundary, stopped));
          const video = await receiveUpload(ctx, user.id, parts);
          return reply.code(201).send({ video });
        } catch (err) {
          // The client may still be sending the rest of the body: read a little of it so that the answer
          // reaches it, then close rather than read all of a large one (an upload cut off as too slow is
          // closed at once).
          // The parts are let go first: a refusal can come between two of them, with the reader still waiting.
          await parts?.return(undefined);
          if (!stopped.err) await drainBody(request.raw);
          reply.header('connection', 'close');
          if (err instanceof DuplicateVideoError) {
            return reply.code(409).send({ error: err.message, code: 'duplicate_video' as const, videoId: err.videoId });
          }
          throw err instanceof MalformedUploadError ? multipartError(err.cause) : err;
        } finally {
          guard?.release();
        }
      },
    );
  };
