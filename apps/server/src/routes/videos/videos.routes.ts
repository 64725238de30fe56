import {
  BulkDeleteBody,
  DeleteResponse,
  DurationBody,
  ErrorBody,
  IdParams,
  UpdateVideoBody,
  VideoList,
  VideoResponse,
  VideosQuery,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { deleteVideos, getVideo, listVideos, setDuration, updateDetails } from '../../services/videos.service';

const common = { tags: ['videos'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const videosRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/videos',
      {
        schema: {
          ...common,
          summary: "The caller's videos, newest first: one project's (project_id) or all of them",
          description: "Each with its posts counted by status (`postCounts`); a video's `status` follows its posts.",
          querystring: VideosQuery,
          response: { 200: VideoList, ...errors },
        },
      },
      async (request) => listVideos(ctx, currentUser(request).id, request.query.project_id),
    );

    app.get(
      '/videos/:id',
      {
        schema: { ...common, summary: 'One video', params: IdParams, response: { 200: VideoResponse, ...errors } },
      },
      async (request) => ({ video: await getVideo(ctx, currentUser(request).id, request.params.id) }),
    );

    app.patch(
      '/videos/:id/duration',
      {
        schema: {
          ...common,
          summary: "Record a duration the client read from the media ('m:ss' or 'h:mm:ss')",
          params: IdParams,
          body: DurationBody,
          response: { 200: VideoResponse, ...errors },
        },
      },
      async (request) => ({
        video: await setDuration(ctx, currentUser(request).id, request.params.id, request.body.duration),
      }),
    );

    app.patch(
      '/videos/:id',
      {
        schema: {
          ...common,
          summary: "Save a video's details; status 'ready' needs a title and at least one platform",
          params: IdParams,
          body: UpdateVideoBody,
          response: { 200: VideoResponse, ...errors, 409: ErrorBody, 422: ErrorBody },
        },
      },
      async (request) => ({
        video: await updateDetails(ctx, currentUser(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/videos/:id',
      {
        schema: {
          ...common,
          summary: 'Delete a video, its files and its posts',
          description: '409 `post_in_progress` while one of its posts is being published.',
          params: IdParams,
          response: { 200: DeleteResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({ deleted: await deleteVideos(ctx, currentUser(request).id, [request.params.id]) }),
    );

    app.post(
      '/videos/bulk-delete',
      {
        schema: {
          ...common,
          summary: 'Delete several videos, all or nothing (404 and nothing deleted if one is not yours)',
          description: '409 `post_in_progress`, and nothing deleted, while a post of one of them is being published.',
          body: BulkDeleteBody,
          response: { 200: DeleteResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({ deleted: await deleteVideos(ctx, currentUser(request).id, request.body.videoIds) }),
    );
  };
