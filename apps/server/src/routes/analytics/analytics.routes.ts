import { AnalyticsQuery, AnalyticsReport, AnalyticsSyncBody, AnalyticsSyncResult, ErrorBody } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { getAnalytics } from '../../services/analytics/analytics-report.service';
import { syncProjectNow } from '../../services/analytics/sync-now';
import { REQUEST_LIMITS } from '../../services/limits/request-limits';

const common = { tags: ['analytics'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** /api/analytics: what published posts gained, and reading their figures from the platforms now. */
export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/analytics',
      {
        config: { access: { project: 'query.project_id', need: 'see_analytics' } },
        schema: {
          ...common,
          summary: 'Views, likes, comments and shares your published posts gained in a period',
          description:
            'Default period: the 30 days before now (`to` exclusive, at most 366 days). Per platform, per day ' +
            "(the project's time zone) and per platform, the top 10 videos, the best publishing weekday and hour, " +
            'when figures were last read and the posts whose latest read failed, with the reason. `platform` and ' +
            "`connection_id` (one account's posts: 404 for an id that is not a connection of the project) narrow " +
            'every figure to those posts.',
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsReport, ...errors },
        },
      },
      async (request) => getAnalytics(ctx, ownerOf(request), request.query),
    );

    app.post(
      '/analytics/sync',
      {
        config: { access: { project: 'body.project_id', need: 'see_analytics' } },
        schema: {
          ...common,
          summary: "Read every published post's figures from its platform now",
          description:
            'Answers 200 once every published post of the project (up to 500, those read longest ago first) has ' +
            'been tried: how many were read and how many failed (their reasons are in GET /api/analytics). One ' +
            'sync at a time per project, across every server process: a call while one runs joins it and gets ' +
            `its answer. At most ${REQUEST_LIMITS.analyticsSync.max} syncs start per project per minute (the ` +
            "platforms' quotas are shared by everyone using the app): 429 `too_many_syncs` with Retry-After.",
          body: AnalyticsSyncBody,
          response: { 200: AnalyticsSyncResult, ...errors, 429: ErrorBody },
        },
      },
      async (request) => syncProjectNow(ctx, ownerOf(request), request.body.project_id),
    );
  };
