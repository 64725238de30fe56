import {
  CreateIdeaBody,
  ErrorBody,
  IdeaList,
  IdeaResponse,
  IdeasQuery,
  IdParams,
  UpdateIdeaBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { createIdea, deleteIdea, listIdeas, updateIdea } from '../../services/ideas/ideas.service';

const common = { tags: ['ideas'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const FOLLOWS_POSTS =
  'Columns `scheduled` and `published` follow the attached video’s posts: an idea whose video has a scheduled ' +
  '(or publishing, or unconfirmed) post is in Scheduled, one with a published post in Published, by itself. ' +
  'Asking to put an idea in those columns, or to take it out while its posts hold it there, is 409 ' +
  '`column_follows_posts`. 400 `invalid_video` for a video that is not in the idea’s project.';

/** /api/ideas: the planning board of a project. */
export const ideasRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/ideas',
      {
        config: { access: { project: 'query.project_id', need: 'see_library' } },
        schema: {
          ...common,
          summary: "A project's planning board: every idea, column by column, top first",
          description: FOLLOWS_POSTS,
          querystring: IdeasQuery,
          response: { 200: IdeaList, ...errors },
        },
      },
      async (request) => ({ ideas: await listIdeas(ctx, ownerOf(request), request.query.project_id) }),
    );

    app.post(
      '/ideas',
      {
        config: { access: { project: 'body.project_id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Add an idea at the bottom of a column (default `idea`)',
          description: `${FOLLOWS_POSTS} 409 \`too_many_ideas\` past 2,000 ideas in a project.`,
          body: CreateIdeaBody,
          response: { 201: IdeaResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request, reply) => reply.code(201).send({ idea: await createIdea(ctx, ownerOf(request), request.body) }),
    );

    app.patch(
      '/ideas/:id',
      {
        config: { access: { row: 'ideas', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Change an idea, or move it to a column and a position (0 = top)',
          description:
            'A move shifts the other cards of both columns in the same transaction, so every column stays ' +
            `numbered 0 … n-1. ${FOLLOWS_POSTS}`,
          params: IdParams,
          body: UpdateIdeaBody,
          response: { 200: IdeaResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({
        idea: await updateIdea(ctx, ownerOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/ideas/:id',
      {
        config: { access: { row: 'ideas', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Delete an idea (its video stays)',
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteIdea(ctx, ownerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
