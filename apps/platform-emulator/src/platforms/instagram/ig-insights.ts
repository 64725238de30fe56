import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { grownMetrics } from '../../core/published';
import { invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, listItems, readParams } from '../meta/graph-params';
import { authorize, graphRoute } from '../meta/graph-routes';
import { IG_CALLS } from './ig-calls';
import { DEPRECATED_MEDIA_METRICS, INSIGHTS_PARAMS } from './ig-params';
import { igMedia } from './ig-store';

const TITLES: Record<string, string> = {
  views: 'Views',
  reach: 'Accounts reached',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  saved: 'Saved',
  total_interactions: 'Interactions',
};

/**
 * `GET /<media-id>/insights?metric=…`: lifetime values that grow with the post's age. Metrics retired in v22.0
 * (plays, impressions, …) are refused with error 100, as Instagram does.
 */
export function registerInsights(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'GET', 'graph.instagram.com', '/:media/insights', 'insights', async (req) => {
    const p = await readParams(req);
    const auth = authorize(ctx, 'instagram', accessToken(req, p), IG_CALLS.insights);
    if (!auth.ok) return auth.response;
    const media = igMedia(ctx).get(req.params.media!);
    if (!media || media.igUserId !== auth.token.accountId) return unsupportedRequest('GET', req.params.media!);
    const metricParam = p.get('metric');
    if (!metricParam) return missingParam('metric');
    const metrics = listItems(metricParam);
    const retired = metrics.find((m) => DEPRECATED_MEDIA_METRICS.includes(m));
    if (retired)
      return invalidParam(
        `Starting from version v22.0, the ${retired} metric is no longer supported. Please use views instead.`,
      );
    const unsupported = metrics.find((m) => !(m in TITLES));
    if (unsupported && INSIGHTS_PARAMS.metric!.values!.includes(unsupported))
      return invalidParam(
        `The Media Insights API does not support the ${unsupported} metric for this media product type`,
      );
    const bad = checkParams(p, INSIGHTS_PARAMS);
    if (bad) return bad;

    const grown = grownMetrics(new Date(media.publishedAt).toISOString(), ctx.now(), 1);
    const saved = Math.floor(grown.views / 50);
    const values: Record<string, number> = {
      views: grown.views,
      reach: Math.floor(grown.views * 0.8),
      likes: grown.likes,
      comments: grown.comments,
      shares: grown.shares,
      saved,
      total_interactions: grown.likes + grown.comments + grown.shares + saved,
    };
    return json(200, {
      data: metrics.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: values[name] }],
        title: TITLES[name],
        description: `${TITLES[name]} of this media.`,
        id: `${media.id}/insights/${name}/lifetime`,
      })),
    });
  });
}
