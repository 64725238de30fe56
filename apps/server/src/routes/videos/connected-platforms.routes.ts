import { ConnectedPlatformsQuery, ConnectedPlatformsResponse, ErrorBody } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { getOwnProject } from '../../services/projects.service';

export const connectedPlatformsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/connected-platforms',
      {
        schema: {
          tags: ['platforms'],
          security: [{ bearer: [] }],
          summary: 'Platform keys connected to one of your projects',
          querystring: ConnectedPlatformsQuery,
          response: { 200: ConnectedPlatformsResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await getOwnProject(ctx, currentUser(request).id, request.query.project_id);
        // Accounts are connected per project once publishing exists; until then a project has none.
        return { platforms: [] };
      },
    );
  };
