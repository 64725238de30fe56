import { ErrorBody, IdParams, RenditionList, RenditionRequest, RenditionResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import {
  deleteRendition,
  listRenditions,
  readyRendition,
  requestRendition,
} from '../../services/renditions/renditions.service';
import { FILE_RESPONSES, NO_BODY, sendStoredFile } from '../media/media.routes';

const common = { tags: ['renditions'], security: [{ bearer: [] }] };

/** Fitting copies of a video (docs/renditions.md): made on the workers by ffmpeg, counted against the quota. */
export const renditionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/videos/:id/renditions',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Make a copy of a video that fits a target (an account and its options)',
          description:
            'Plans the copy as POST /api/videos/:id/fit does, then queues its render on the workers: 202 with the ' +
            'new copy (`queued`). The same settings for the same video name the same copy: asked again, the copy ' +
            'already made or on its way is answered as it is, 200 (a failed one starts over: 202). Its expected ' +
            "size must fit the storage left (413 `quota_exceeded`); it counts until it is ready, then the copy's " +
            'own size does. 409 `video_already_fits` when the video needs no copy for that target; 409 ' +
            '`video_not_probed` for a video never read; 404 for a video or connection that is not yours. Follow ' +
            'the render with GET /api/videos/:id/renditions (status, progress 0..1).',
          params: IdParams,
          body: RenditionRequest,
          response: {
            200: RenditionResponse,
            202: RenditionResponse,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            413: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { rendition, created } = await requestRendition(ctx, ownerOf(request), request.params.id, request.body);
        return reply.code(created ? 202 : 200).send({ rendition });
      },
    );

    app.get(
      '/videos/:id/renditions',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: "A video's fitting copies, oldest first, with each one's status and progress",
          description:
            'Read it again to follow a render: `progress` (0..1) is written about every half second. A ready copy ' +
            'has its probed width, height, fps, duration and size, and `url`, where it plays in the page.',
          params: IdParams,
          response: { 200: RenditionList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({ renditions: await listRenditions(ctx, ownerOf(request), request.params.id) }),
    );

    app.delete(
      '/renditions/:id',
      {
        config: { access: { row: 'renditions', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Delete a fitting copy: its file goes and its room in the quota is free at once',
          description: 'A render under way stops (ffmpeg is ended within a second). 404 for a copy that is not yours.',
          params: IdParams,
          response: { 204: NO_BODY.describe('Deleted'), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        await deleteRendition(ctx, ownerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/renditions/:id/file',
      {
        config: { access: { row: 'renditions', at: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: "A ready copy's file; supports Range and If-None-Match",
          description:
            "The same bytes as the copy's `url` (/uploads/<name>, which a <video> element plays without a token), " +
            'for API clients with the Bearer token. 409 `rendition_not_ready` before the copy is ready.',
          params: IdParams,
          response: {
            ...FILE_RESPONSES,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            416: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const row = await readyRendition(ctx, ownerOf(request), request.params.id);
        return sendStoredFile(ctx, request, reply, row.storage_key!);
      },
    );
  };
