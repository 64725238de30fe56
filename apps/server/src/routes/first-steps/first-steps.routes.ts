import { ErrorBody, FirstSteps, IdParams } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { getFirstSteps } from '../../services/first-steps.service';

export const firstStepsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/projects/:id/first-steps',
      {
        config: { access: { project: 'params.id', need: 'see_library' } },
        schema: {
          tags: ['projects'],
          security: [{ bearer: [] }],
          summary: "A project's first-run path: an account connected, a video uploaded, a post made",
          description:
            'Each step is read from what the project holds: `connected` (it has a connected account), `uploaded` ' +
            '(it has a video), `posted` (a video of it has a post that was not cancelled: published, scheduled, ' +
            "or tried). 404 for a project that is not the caller's.",
          params: IdParams,
          response: { 200: FirstSteps, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => getFirstSteps(ctx, ownerOf(request), request.params.id),
    );
  };
