import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { grownMetrics } from '../../core/published';
import { graphError, invalidParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, listItems, readParams } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { VIDEO_INSIGHTS_PARAMS } from './fb-params';
import { FB_CALLS } from './fb-calls';
import { pageToken, settleVideo, videos, type FbVideo } from './fb-store';

type Grown = ReturnType<typeof grownMetrics>;

/** Lifetime video metrics (regular videos and Reels), growing with the post's age. */
const METRICS: Record<string, { title: string; kinds: FbVideo['kind'][]; value: (g: Grown) => unknown }> = {
  total_video_views: { title: 'Lifetime Total Video Views', kinds: ['video'], value: (g) => g.views },
  total_video_views_unique: {
    title: 'Lifetime Unique Video Views',
    kinds: ['video'],
    value: (g) => Math.floor(g.views * 0.8),
  },
  total_video_impressions: { title: 'Lifetime Total Video Impressions', kinds: ['video'], value: (g) => g.views * 2 },
  total_video_impressions_unique: {
    title: 'Lifetime Unique Video Impressions',
    kinds: ['video'],
    value: (g) => Math.floor(g.views * 1.5),
  },
  total_video_reactions_by_type_total: {
    title: 'Lifetime Reactions by type',
    kinds: ['video'],
    value: (g) => ({ like: g.likes }),
  },
  total_video_stories_by_action_type: {
    title: 'Lifetime Talking About This (Post) by action type',
    kinds: ['video'],
    value: (g) => ({ share: g.shares, like: g.likes, comment: g.comments }),
  },
  blue_reels_play_count: { title: 'Plays', kinds: ['reel'], value: (g) => g.views },
  fb_reels_total_plays: { title: 'Total plays', kinds: ['reel'], value: (g) => g.views + Math.floor(g.views / 10) },
  fb_reels_replay_count: { title: 'Replays', kinds: ['reel'], value: (g) => Math.floor(g.views / 10) },
  post_impressions_unique: { title: 'Reach', kinds: ['reel', 'video'], value: (g) => Math.floor(g.views * 0.8) },
  post_video_likes_by_reaction_type: {
    title: 'Reactions',
    kinds: ['reel'],
    value: (g) => ({ REACTION_LIKE: g.likes }),
  },
  post_video_social_actions: {
    title: 'Social actions',
    kinds: ['reel'],
    value: (g) => ({ COMMENT: g.comments, SHARE: g.shares }),
  },
};

/** `GET /<video-id>/video_insights?metric=…` (read with the Page's token). */
export function registerInsights(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'GET', 'graph.facebook.com', '/:video/video_insights', 'insights', async (req) => {
    const p = await readParams(req);
    const video = videos(ctx).get(req.params.video!);
    if (!video) return unsupportedRequest('GET', req.params.video!);
    const auth = pageToken(ctx, accessToken(req, p), video.pageId, FB_CALLS.insights);
    if (!auth.ok) return auth.response;
    // Video Insights reference, Requirements: the read_insights permission (with a Page token of a person who can
    // do the ANALYZE task); pages_read_engagement alone reads the video node, not its insights.
    if (!auth.token.scopes.includes('read_insights'))
      return graphError({ message: '(#10) This endpoint requires the read_insights permission.', code: 10 });
    const bad = checkParams(p, VIDEO_INSIGHTS_PARAMS);
    if (bad) return bad;
    settleVideo(ctx, video.id, { poll: false, step: video.kind === 'reel' ? 'reels_status' : 'create' });
    const live = videos(ctx).get(video.id)!;
    const names = p.get('metric')
      ? listItems(p.get('metric')!)
      : Object.keys(METRICS).filter((m) => METRICS[m]!.kinds.includes(live.kind));
    const unknown = names.find((m) => !METRICS[m]);
    if (unknown) return invalidParam(`The value must be a valid insights metric: ${unknown}`);
    const grown: Grown = live.publishedAt
      ? grownMetrics(new Date(live.publishedAt).toISOString(), ctx.now(), 1)
      : { views: 0, likes: 0, comments: 0, shares: 0 };
    return json(200, {
      data: names.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: METRICS[name]!.value(grown) }],
        title: METRICS[name]!.title,
        description: `${METRICS[name]!.title} of this video.`,
        id: `${live.id}/video_insights/${name}/lifetime`,
      })),
      paging: {},
    });
  });
}
