import { ErrorBody, UploadCheckQuery, UploadCheckResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { checkUpload } from '../../services/collections/duplicate-video';

export const uploadCheckRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/upload/check',
      {
        config: { access: { project: 'query.project_id', need: 'edit' } },
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          summary: 'Whether a project already has a file, before sending it',
          description:
            'Ask with `size` first: `sameSize` says whether the project has a video of exactly that many bytes. ' +
            'Only then can the file be one the project has: hash it (SHA-256) and ask again with `sha256`; ' +
            "`duplicate` is then the project's first video of that content, which an upload of the file would " +
            'meet as 409 duplicate_video (POST /api/upload) or as `duplicateOf` (tus) unless it allows duplicates. ' +
            'The answer only advises: every upload is checked again on the bytes that arrive. Looks only in the ' +
            'given project, into which the caller must be able to upload: 404 for a project they have no place in ' +
            '(whatever the hash), 403 role_forbidden for a reviewer or a client.',
          querystring: UploadCheckQuery,
          response: { 200: UploadCheckResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => checkUpload(ctx, ownerOf(request), request.query),
    );
  };
