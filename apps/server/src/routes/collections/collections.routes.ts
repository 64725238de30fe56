import {
  CollectionList,
  CollectionResponse,
  CollectionsQuery,
  CollectionVideoParams,
  CollectionVideosBody,
  CreateCollectionBody,
  ErrorBody,
  IdParams,
  OkResponse,
  UpdateCollectionBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import {
  addVideosToCollection,
  collectionsOf,
  createCollection,
  deleteOwnCollection,
  removeVideoFromCollection,
  renameOwnCollection,
} from '../../services/collections/collections.service';

const tags = ['collections'];
const security = [{ bearer: [] }];

export const collectionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/collections',
      {
        config: { access: { project: 'query.project_id', need: 'see_library' } },
        schema: {
          tags,
          security,
          summary: "A project's collections, by name, with how many videos each holds",
          description: 'Filter the library by one with GET /api/videos?collection_id=. Not your project: 404.',
          querystring: CollectionsQuery,
          response: { 200: CollectionList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        collections: await collectionsOf(ctx, ownerOf(request), request.query.project_id),
      }),
    );

    app.post(
      '/collections',
      {
        config: { access: { project: 'body.project_id', need: 'edit' } },
        schema: {
          tags,
          security,
          summary: 'Make a collection in a project',
          description: '409 `name_taken` when the project has one of that name (ignoring case); 409 past 200.',
          body: CreateCollectionBody,
          response: { 201: CollectionResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ collection: await createCollection(ctx, ownerOf(request), request.body) }),
    );

    app.patch(
      '/collections/:id',
      {
        config: { access: { row: 'collections', at: 'params.id', need: 'edit' } },
        schema: {
          tags,
          security,
          summary: 'Rename a collection',
          params: IdParams,
          body: UpdateCollectionBody,
          response: { 200: CollectionResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => ({
        collection: await renameOwnCollection(ctx, ownerOf(request), request.params.id, request.body.name),
      }),
    );

    app.delete(
      '/collections/:id',
      {
        config: { access: { row: 'collections', at: 'params.id', need: 'edit' } },
        schema: {
          tags,
          security,
          summary: 'Delete a collection; its videos stay in the library',
          params: IdParams,
          response: { 200: OkResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await deleteOwnCollection(ctx, ownerOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/collections/:id/videos',
      {
        config: { access: { row: 'collections', at: 'params.id', need: 'edit' } },
        schema: {
          tags,
          security,
          summary: "Add videos of the collection's project to it (a video may be in many collections)",
          description: 'Videos already in it stay once. An id that is not a video of that project: 404, nothing added.',
          params: IdParams,
          body: CollectionVideosBody,
          response: { 200: CollectionResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        collection: await addVideosToCollection(ctx, ownerOf(request), request.params.id, request.body.videoIds),
      }),
    );

    app.delete(
      '/collections/:id/videos/:videoId',
      {
        config: { access: { row: 'collections', at: 'params.id', need: 'edit' } },
        schema: {
          tags,
          security,
          summary: 'Take a video out of a collection (the video stays in the library)',
          params: CollectionVideoParams,
          response: { 200: CollectionResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        collection: await removeVideoFromCollection(ctx, ownerOf(request), request.params.id, request.params.videoId),
      }),
    );
  };
