import type { Readable } from 'node:stream';
import { ErrorBody, VideoResponse } from '@fanout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { TusUploadRow } from '../../db/tus-uploads.schema';
import { currentUser, mayWrite, requireAuth } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import { drainBody } from '../../http/drain-body';
import { guardUpload } from '../../http/upload-guards';
import { deleteTusUpload, findTusUpload } from '../../repositories/tus-uploads.repository';
import {
  errorJson,
  finishTusUpload,
  requestBodyStream,
  setRequestScope,
  TUS_ID,
  tusUploads,
  tusUrl,
  VIDEO_ID_HEADER,
  uploadOwner,
  videoOfUpload,
} from '../../services/uploads/tus-server';

const NO_BODY = z.null().meta({ type: 'null' });
const JSON_TYPE = 'application/json; charset=utf-8';

/** The project id is in the creation's Upload-Metadata, then in the upload's record: the handlers check it. */
const IN_UPLOAD = { access: { inHandler: 'Upload-Metadata project_id', need: 'edit' } } as const;
/** OPTIONS tells what the server supports, nothing of a project. */
const DISCOVERY = { access: { personal: true } } as const;

const TUS_NOTE =
  'tus 1.0 (https://tus.io/protocols/resumable-upload): send `Tus-Resumable: 1.0.0` and the Bearer token on every ' +
  'request. Errors are `{error, code}`.';

/**
 * The request as the tus server reads it: a web Request whose body streams from the socket, at a URL made
 * of the upload id the route checked (`uploadId`, none for the endpoint itself), not of the client's URL.
 */
function webRequest(request: FastifyRequest, scope: { userId: number; uploadId?: string }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  const init = {
    method: request.method,
    headers,
    body: hasBody ? requestBodyStream(request.raw as Readable) : undefined,
    duplex: 'half',
  } as RequestInit;
  const web = new Request(tusUrl(scope.uploadId), init);
  setRequestScope(web, scope);
  return web;
}

/** The tus server's answer through Fastify: its status and headers (not CORS: same origin), errors as JSON. */
async function send(request: FastifyRequest, reply: FastifyReply, response: Response) {
  const text = await response.text();
  response.headers.forEach((value, name) => {
    if (name.startsWith('access-control-') || name === 'content-length' || name === 'content-type') return;
    reply.header(name, value);
  });
  if (response.status >= 400) {
    const error = errorJson(response.status, text);
    // The client may still be sending a body nobody will read: read a little of it so that the answer reaches
    // it (drain-body.ts), then close rather than read all of a large one.
    if (!request.raw.readableEnded) {
      await drainBody(request.raw);
      reply.header('connection', 'close');
    }
    return reply.code(error.status).type(JSON_TYPE).send(error.body);
  }
  reply.code(response.status);
  return text ? reply.type(JSON_TYPE).send(text) : reply.send();
}

export const tusRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Upload bodies reach the tus server unread, as a stream.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.addHook('onRequest', requireAuth(ctx));
    const tus = tusUploads(ctx);
    app.addHook('onClose', async () => tus.close());

    /** A finished upload: the video it became, as often as the client asks. */
    async function answerFinished(request: FastifyRequest, reply: FastifyReply, row: TusUploadRow) {
      const size = String(row.size_bytes);
      reply.headers({
        'tus-resumable': '1.0.0',
        'upload-offset': size,
        'upload-length': size,
        [VIDEO_ID_HEADER.toLowerCase()]: String(row.video_id),
        'cache-control': 'no-store',
      });
      if (request.method === 'DELETE') {
        await deleteTusUpload(ctx.db, row.id);
        return reply.code(204).send();
      }
      if (request.method === 'HEAD') return reply.code(200).send();
      if (!request.raw.readableEnded) {
        await drainBody(request.raw);
        reply.header('connection', 'close');
      }
      if (request.headers['upload-offset'] !== size) {
        return reply
          .code(409)
          .type(JSON_TYPE)
          .send(JSON.stringify({ error: 'The upload is already complete', code: 'invalid_offset' }));
      }
      const video = await videoOfUpload(ctx, row);
      return reply.code(200).type(JSON_TYPE).send(JSON.stringify({ video }));
    }

    async function forwardWithId(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const user = currentUser(request);
      const { id } = request.params;
      const row = TUS_ID.test(id) ? await findTusUpload(ctx.db, id) : undefined;
      // Someone else's upload is answered as if it did not exist.
      if (!row || row.user_id !== user.id) throw notFound('Upload');
      // A sender who may no longer upload into the project (removed, or made a reviewer) goes no further.
      await uploadOwner(ctx, row);
      if (row.video_id !== null) return answerFinished(request, reply, row);

      const response = await handleGuarded(request, { userId: user.id, uploadId: id });
      if (request.method === 'DELETE' && response.status === 204) await deleteTusUpload(ctx.db, id);
      const offset = Number(response.headers.get('upload-offset'));
      if (request.method === 'HEAD' && response.status === 200 && offset === row.size_bytes && mayWrite(request)) {
        // Every byte arrived but the video was not made (the finish was cut short): make it now. Not for a
        // read-only token, which changes nothing: the owner's next HEAD or PATCH with write rights makes it.
        await finishTusUpload(ctx, tus, id);
      }
      if (request.method === 'HEAD' || response.status === 404 || response.status === 410) {
        // Finished meanwhile (by a request that held the upload while this one waited)?
        const now = await findTusUpload(ctx.db, id);
        if (now?.video_id != null) return answerFinished(request, reply, now);
      }
      return send(request, reply, response);
    }

    /**
     * A request that carries bytes takes an upload slot of the user and the address (429 too_many_uploads at
     * the cap) and is cut off when it trickles below the minimum rate: what arrived is kept, the client
     * resumes from it.
     */
    async function handleGuarded(
      request: FastifyRequest,
      scope: { userId: number; uploadId?: string },
    ): Promise<Response> {
      const carriesBytes = request.headers['content-type']?.startsWith('application/offset+octet-stream') ?? false;
      if (!carriesBytes) return tus.server.handleWeb(webRequest(request, scope));
      const guard = guardUpload(ctx, request.raw, { userId: scope.userId, address: request.ip }, () =>
        request.raw.socket.destroy(),
      );
      try {
        return await tus.server.handleWeb(webRequest(request, scope));
      } finally {
        guard.release();
      }
    }

    async function forward(request: FastifyRequest, reply: FastifyReply) {
      const user = currentUser(request);
      return send(request, reply, await handleGuarded(request, { userId: user.id }));
    }

    const params = z.object({ id: z.string().max(64) });
    const errors = {
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
      409: ErrorBody,
      410: ErrorBody,
      412: ErrorBody,
      413: ErrorBody,
      422: ErrorBody,
      423: ErrorBody,
      429: ErrorBody,
    };

    app.post(
      '/tus',
      {
        config: IN_UPLOAD,
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          summary: 'Create a resumable upload (tus creation)',
          description:
            `${TUS_NOTE} Headers: \`Upload-Length\` (required; deferred length is not supported) and ` +
            '`Upload-Metadata` with `project_id` (required), `filename`, `filetype`, `title` (values base64). ' +
            'You must be the owner or an editor of the project (404 for a project you have no place in, 403 ' +
            "role_forbidden for a reviewer or a client); the video is the owner's and counts against the owner's " +
            'storage quota. The size must be within UPLOAD_MAX_BYTES (413 file_too_large) and the whole file must ' +
            "fit that quota together with the other unfinished uploads into the owner's projects (413 " +
            'quota_exceeded), all checked before any byte is sent. Answers 201 with `Location: /api/tus/<id>`. A creation that carries ' +
            `the whole file (creation-with-upload) answers 201 with \`{video}\` and \`${VIDEO_ID_HEADER}\`.`,
          response: { 201: VideoResponse.or(NO_BODY), ...errors },
        },
      },
      forward,
    );

    app.route({
      method: 'OPTIONS',
      url: '/tus',
      config: DISCOVERY,
      schema: { hide: true },
      handler: forward,
    });

    app.route({
      method: 'HEAD',
      url: '/tus/:id',
      config: IN_UPLOAD,
      schema: {
        tags: ['videos'],
        security: [{ bearer: [] }],
        params,
        summary: 'How much of a resumable upload the server has (tus HEAD)',
        description:
          `${TUS_NOTE} Answers 200 with \`Upload-Offset\` (bytes received) and \`Upload-Length\`. Once the upload ` +
          `has become a video, also \`${VIDEO_ID_HEADER}: <video id>\` (fetch it with GET /api/videos/{id}). ` +
          'Every byte received but no video yet (the finish was cut short): this HEAD makes it, unless the caller ' +
          "has a read-only API token, which changes nothing. Someone else's upload, an expired or a cancelled one: 404.",
        response: { 200: NO_BODY.describe('Headers only'), ...errors },
      },
      handler: forwardWithId,
    });

    app.patch(
      '/tus/:id',
      {
        config: IN_UPLOAD,
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          params,
          summary: 'Send the next bytes of a resumable upload (tus PATCH)',
          description:
            `${TUS_NOTE} \`Content-Type: application/offset+octet-stream\` and \`Upload-Offset\` equal to the ` +
            'offset the server has (else 409). Answers 204 with the new `Upload-Offset` while bytes are missing. ' +
            `The request that completes the file answers 200 with \`{video}\` (and \`${VIDEO_ID_HEADER}\`), the ` +
            'video made exactly as POST /api/upload makes one; asked again, it answers the same video. A file that ' +
            'is not a video: 422 not_a_video, and the upload is removed.',
          response: { 200: VideoResponse, 204: NO_BODY.describe('Bytes received'), ...errors },
        },
      },
      forwardWithId,
    );

    app.delete(
      '/tus/:id',
      {
        config: IN_UPLOAD,
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          params,
          summary: 'Cancel a resumable upload (tus termination); its bytes are removed',
          description: `${TUS_NOTE} A finished upload's video stays.`,
          response: { 204: NO_BODY.describe('Cancelled'), ...errors },
        },
      },
      forwardWithId,
    );

    app.route({
      method: 'OPTIONS',
      url: '/tus/:id',
      config: DISCOVERY,
      schema: { hide: true },
      handler: forward,
    });
  };
