import { ActivityList, ActivityQuery, ErrorBody } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { activityPage } from '../../services/activity/activity-trail';

export const activityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/activity',
      {
        config: { access: { project: 'query.project_id', need: 'see_library' } },
        onRequest: requireAuth(ctx),
        schema: {
          tags: ['activity'],
          security: [{ bearer: [] }],
          summary: "The project's trail, newest first, with the reader's own account security events merged in",
          description:
            'Uploads, details saved, posts scheduled / published / failed / cancelled, connections made / expiring / ' +
            'lost and rules run, with the security events of the account (`subject.kind` `account`, type ' +
            '`security.<type>`). `type` keeps one kind of event. Pages of `limit` (default 50, at most 100); pass ' +
            '`nextCursor` as `cursor` for the next page; 400 `bad_cursor` for a cursor the server did not give. ' +
            "Another account's project is 404. New events also arrive on `GET /api/events` as `activity` events.",
          querystring: ActivityQuery,
          response: { 200: ActivityList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) =>
        activityPage(ctx, { ownerId: ownerOf(request), viewerId: request.access!.actorId }, request.query),
    );
  };
