import { ErrorBody, HandOverBody, IdText, ProjectMember } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { handOverProject } from '../../services/teams/ownership.service';

/** Handing a project over to one of its members (docs/teams.md). */
export const ownershipRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/projects/:id/owner',
      {
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          tags: ['members'],
          security: [{ bearer: [] }],
          summary: 'Hand the project over to one of its members (owner only, password asked again)',
          description:
            'The project, its videos, posts, accounts, copies, captions, rules, ideas, collections and activity ' +
            "move to the new owner in one step, and their storage then counts against the new owner's quota; " +
            'the old owner stays as an editor. 403 `invalid_password`; 404 `not_a_member` when `userId` is not a ' +
            "member; 409 `quota_exceeded` when the new owner's storage cannot hold it (nothing moves). Answers the " +
            "project's people afterwards.",
          params: z.object({ id: IdText }),
          body: HandOverBody,
          response: {
            200: z.object({ members: z.array(ProjectMember) }),
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request) => ({
        members: await handOverProject(
          ctx,
          currentUser(request).id,
          request.sessionId,
          request.params.id,
          request.body,
        ),
      }),
    );
  };
