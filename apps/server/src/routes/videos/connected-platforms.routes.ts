import { ConnectedPlatformsQuery, ConnectedPlatformsResponse, ErrorBody } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { connectedPlatforms } from '../../services/connections/connections.service';

export const connectedPlatformsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/connected-platforms',
      {
        config: { access: { project: 'query.project_id', need: 'see_posts' } },
        schema: {
          tags: ['platforms'],
          security: [{ bearer: [] }],
          summary: 'Platform keys connected to one of your projects',
          description: 'Every platform with a connection that can publish now (not one that needs reconnecting).',
          querystring: ConnectedPlatformsQuery,
          response: { 200: ConnectedPlatformsResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        platforms: await connectedPlatforms(ctx, ownerOf(request), request.query.project_id),
      }),
    );
  };
