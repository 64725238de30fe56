import {
  DuplicateVideoError as DuplicateVideoBody,
  ErrorBody,
  VideoImportRequest,
  VideoResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { limitPerUser } from '../../http/limit-per-user';
import { acquireUploadSlot } from '../../http/upload-guards';
import { REQUEST_LIMITS } from '../../services/limits/request-limits';
import { DuplicateVideoError } from '../../services/collections/duplicate-video';
import { importFromUrl } from '../../services/uploads/import-from-url';

export const videoImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/videos/import',
      {
        config: { access: { project: 'body.projectId', need: 'edit' } },
        onRequest: limitPerUser(ctx, REQUEST_LIMITS.videoImport),
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          summary: 'Upload a video from an http(s) address the server fetches',
          description:
            'The server GETs `url` and stores the file exactly as POST /api/upload does, with the same answer ' +
            "(201 `{video}`) and the same checks: UPLOAD_MAX_BYTES (413 file_too_large) and the project owner's " +
            'storage left (413 quota_exceeded), both refused from Content-Length before a byte is read and cut ' +
            'off as soon as a body grows past them; 422 not_a_video / incomplete_video; 409 duplicate_video for ' +
            'a file the project has; 429 too_many_uploads past the uploads one account or address may have at ' +
            'once, 429 too_many_url_imports past 30 imports a minute per person (Retry-After). `title` defaults ' +
            'to the file name at the end of the address, without its extension. The address must be http:// or https:// without a user name or password (400 validation_failed). ' +
            'Addresses on this machine or a private network are refused, every resolved address checked and ' +
            'the connection pinned to it (422 import_private_address), unless the server allows them ' +
            '(IMPORT_ALLOW_PRIVATE); each of at most 5 redirects is checked the same way (422 ' +
            'import_bad_redirect for another scheme, 422 import_too_many_redirects). A host that cannot be ' +
            'found or reached: 422 import_unreachable; no answer within IMPORT_CONNECT_TIMEOUT_SECONDS or not ' +
            'the whole file within IMPORT_TIMEOUT_SECONDS: 422 import_timeout; an answer other than 2xx: 422 ' +
            'import_http_error; a body cut short: 422 import_interrupted. Nothing is kept on any failure. The ' +
            'caller must be the owner or an editor of the project (404 for a project they have no place in, ' +
            "403 role_forbidden for a reviewer or a client); the video is the owner's.",
          body: VideoImportRequest,
          response: {
            201: VideoResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: DuplicateVideoBody,
            413: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const release = acquireUploadSlot(ctx, user.id, request.ip);
        try {
          const video = await importFromUrl(ctx, user.id, ownerOf(request), request.body);
          return reply.code(201).send({ video });
        } catch (err) {
          if (err instanceof DuplicateVideoError) {
            return reply.code(409).send({ error: err.message, code: 'duplicate_video' as const, videoId: err.videoId });
          }
          throw err;
        } finally {
          release();
        }
      },
    );
  };
