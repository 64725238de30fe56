import {
  BulkDeleteBody,
  DeleteResponse,
  DurationBody,
  ErrorBody,
  IdParams,
  UpdateVideoBody,
  VideoIdsQuery,
  VideoIdsResponse,
  VideoList,
  VideoPage,
  VideoResponse,
  VideosQuery,
} from '@fanout/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { sendKeptJson } from '../../http/compression';
import { listAllVideos, listVideoIds, listVideosPage } from '../../services/lists/video-lists.service';
import { readThroughPageCache } from '../../services/cache/read-caches';
import { deleteVideos, getVideo, setDuration, updateDetails } from '../../services/videos.service';

const common = { tags: ['videos'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const videosRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/videos',
      {
        config: { access: { project: 'query.project_id', need: 'see_library', optional: true } },
        schema: {
          ...common,
          summary: "The caller's videos: one project's (project_id) or all of them; a page with `limit` or `cursor`",
          description:
            'With `limit` (1–100, default 50) or `cursor`: one page, `{videos, nextCursor, total}`; pass `nextCursor` ' +
            'as `cursor` with the same `q`, `status` and `sort` for the next page (400 `bad_cursor` for a cursor the ' +
            'server did not give for this order). Without either: the whole list as an array. `q`: the title ' +
            "contains it, ignoring case. `status`: the status shown, which follows the video's posts. `tag`: carries " +
            'this tag, ignoring case. `collection_id`: in this collection of yours (else 404). `sort`: ' +
            'newest (default), oldest, or title (A→Z). Each video with its posts counted by status (`postCounts`) ' +
            "and each platform's own post status (`platformPosts`), read in the same query for the whole page.",
          querystring: VideosQuery,
          response: { 200: z.union([VideoPage, VideoList]), ...errors },
        },
      },
      async (request, reply) => {
        const { project_id: projectId, limit, cursor, q, status, sort, tag, collection_id } = request.query;
        const userId = ownerOf(request);
        if (limit === undefined && cursor === undefined)
          return listAllVideos(ctx, userId, projectId, { q, status, sort, tag, collection_id });
        // A page is the answer most often asked for again (every tab of the library, every refresh).
        const page = await readThroughPageCache(ctx, app, userId, request.query, async () =>
          JSON.stringify(
            await listVideosPage(ctx, userId, projectId, { q, status, sort, tag, collection_id }, { limit, cursor }),
          ),
        );
        return sendKeptJson(request, reply, page);
      },
    );

    app.get(
      '/videos/ids',
      {
        config: { access: { project: 'query.project_id', need: 'see_library' } },
        schema: {
          ...common,
          summary:
            'The ids of every video of a project that matches `q` and `status`, in the `sort` order (select-all)',
          querystring: VideoIdsQuery,
          response: { 200: VideoIdsResponse, ...errors },
        },
      },
      async (request) => {
        const { project_id: projectId, q, status, sort, tag, collection_id } = request.query;
        const filters = { q, status, sort, tag, collection_id };
        return { ids: await listVideoIds(ctx, ownerOf(request), projectId, filters) };
      },
    );

    app.get(
      '/videos/:id',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'see_library' } },
        schema: { ...common, summary: 'One video', params: IdParams, response: { 200: VideoResponse, ...errors } },
      },
      async (request) => ({ video: await getVideo(ctx, ownerOf(request), request.params.id) }),
    );

    app.patch(
      '/videos/:id/duration',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: "Record a duration the client read from the media ('m:ss' or 'h:mm:ss')",
          params: IdParams,
          body: DurationBody,
          response: { 200: VideoResponse, ...errors },
        },
      },
      async (request) => ({
        video: await setDuration(ctx, ownerOf(request), request.params.id, request.body.duration),
      }),
    );

    app.patch(
      '/videos/:id',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: "Save a video's details; status 'ready' needs a title and at least one platform",
          params: IdParams,
          body: UpdateVideoBody,
          response: { 200: VideoResponse, ...errors, 409: ErrorBody, 422: ErrorBody },
        },
      },
      async (request) => ({
        video: await updateDetails(ctx, ownerOf(request), request.params.id, request.body, request.access!.actorId),
      }),
    );

    app.delete(
      '/videos/:id',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Delete a video, its files and its posts',
          description: '409 `post_in_progress` while one of its posts is being published.',
          params: IdParams,
          response: { 200: DeleteResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({ deleted: await deleteVideos(ctx, ownerOf(request), [request.params.id]) }),
    );

    app.post(
      '/videos/bulk-delete',
      {
        config: { access: { rows: 'videos', at: 'body.videoIds', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Delete several videos, all or nothing (404 and nothing deleted if one is not yours)',
          description: '409 `post_in_progress`, and nothing deleted, while a post of one of them is being published.',
          body: BulkDeleteBody,
          response: { 200: DeleteResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({ deleted: await deleteVideos(ctx, ownerOf(request), request.body.videoIds) }),
    );
  };
