import { ErrorBody, SearchQuery, SearchResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { search } from '../../services/search.service';

export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/search',
      {
        config: { access: { personal: true } },
        schema: {
          tags: ['search'],
          security: [{ bearer: [] }],
          summary:
            'Header search over your videos (title, description, tags) and posts (caption, platform, account), and those of projects shared with you as far as your role sees them (a client: posts only), case-insensitive, most recently changed first',
          description:
            'Pages of `limit` (default 50, at most 100); pass `nextCursor` as `cursor`, with the same `q`, for the next ' +
            'page. 400 `bad_cursor` for a cursor the server did not give.',
          querystring: SearchQuery,
          response: { 200: SearchResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => search(ctx, currentUser(request).id, request.query.q, request.query),
    );
  };
