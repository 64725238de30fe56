import multipart from '@fastify/multipart';
import { ErrorBody, VideoResponse } from '@fanout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { AppError, badRequest, unsupportedMediaType } from '../../http/errors';
import { invalidText, isStorableText } from '../../http/text-input';
import { fileTooLarge, MalformedUploadError, receiveUpload, type UploadPart } from '../../services/upload.service';

/** Room for the multipart framing and the small text fields around the file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

const LIMITS = { fields: 10, fieldNameSize: 100, fieldSize: 4096, files: 1, parts: 12, headerPairs: 100 };

/** @fastify/multipart and busboy errors, in our words. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return badRequest('Send one video per upload', 'too_many_files');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The form has too many fields', 'too_many_fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType('Send the upload as multipart/form-data', 'not_multipart');
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'FST_MP_PREMATURE_CLOSE':
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
    // The multipart parser lives in this scope only: no other route accepts form uploads.
    await app.register(multipart, { limits: { ...LIMITS, fileSize: ctx.config.uploadMaxBytes + 1 } });
    // Any other body type reaches the handler unread, so the answer names what to send instead.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/upload',
      {
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          summary: 'Upload a video (multipart: file part "video", fields "project_id" and optional "title")',
          description:
            'The file is streamed to disk, checked with ffprobe and stored under a server-generated name. ' +
            'Limits: UPLOAD_MAX_BYTES per file (413 file_too_large) and the storage quota (413 quota_exceeded). ' +
            'A file that is not a real video is refused with 422 not_a_video and nothing is kept.',
          consumes: ['multipart/form-data'],
          response: {
            201: VideoResponse,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const user = currentUser(request);
        try {
          if (!request.isMultipart())
            throw unsupportedMediaType('Send the upload as multipart/form-data', 'not_multipart');
          checkDeclaredLength(ctx, request);
          const parts = checkedText(request.parts() as AsyncIterable<UploadPart>);
          const video = await receiveUpload(ctx, user.id, parts);
          return reply.code(201).send({ video });
        } catch (err) {
          // The client may still be sending the rest of a large body: close rather than read it all.
          reply.header('connection', 'close');
          throw err instanceof MalformedUploadError ? multipartError(err.cause) : err;
        }
      },
    );
  };
