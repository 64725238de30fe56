import { ErrorBody, RecentQuery, SearchResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { recentChanges } from '../../services/search.service';

export const recentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/recent',
      {
        config: { access: { personal: true } },
        schema: {
          tags: ['search'],
          security: [{ bearer: [] }],
          summary: 'Your videos and posts changed lately, in every project, most recently changed first',
          description:
            "The header's Recent (/recent). Each result as the header search gives it: a video, or a post with its " +
            'platform and status, leading to its video. Pages of `limit` (default 50, at most 100); pass ' +
            '`nextCursor` as `cursor` for the next page. 400 `bad_cursor` for a cursor the server did not give.',
          querystring: RecentQuery,
          response: { 200: SearchResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => recentChanges(ctx, currentUser(request).id, request.query),
    );
  };
