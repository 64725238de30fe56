import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsQuery,
  type AnalyticsReport,
  type MetricTotals,
  type PlatformKey,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import {
  findLastSyncedAt,
  listDailySamples,
  listLatestPostMetrics,
  listSampledPostVideos,
  listSamplesBefore,
  listSyncProblems,
} from '../../repositories/post-metrics.repository';
import { checkProjectConnection } from '../connections/connections.service';
import { getOwnProject } from '../projects.service';
import { rankPublishingTimes } from './best-times';

const DAY = 86_400_000;
const FIGURES = ['views', 'likes', 'comments', 'shares'] as const;
const TOP_VIDEOS = 10;

const zero = (): MetricTotals => ({ views: 0, likes: 0, comments: 0, shares: 0 });
function add(into: MetricTotals, from: MetricTotals) {
  for (const f of FIGURES) into[f] += from[f];
}

function period(query: AnalyticsQuery): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - ANALYTICS_DEFAULT_DAYS * DAY);
  if (from >= to) throw badRequest('`from` must be before `to`', 'bad_range');
  if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY)
    throw badRequest(`A period of at most ${ANALYTICS_MAX_DAYS} days can be shown at once`, 'bad_range');
  return { from, to };
}

/**
 * What the project's published posts gained in [from, to): each post's figures at the end of each day
 * minus where it stood the day before (or before `from`), summed per day and platform, per platform, per
 * video and in total. Days are the project's time zone's.
 */
export async function getAnalytics(ctx: AppContext, userId: number, query: AnalyticsQuery): Promise<AnalyticsReport> {
  const project = await getOwnProject(ctx, userId, query.project_id);
  const { from, to } = period(query);
  const timeZone = project.timeZone;
  if (query.connection_id !== undefined) await checkProjectConnection(ctx, project.id, query.connection_id);
  const scope = { platform: query.platform, connectionId: query.connection_id };
  const [before, daily, videos, latest, lastSyncedAt, problems] = await Promise.all([
    listSamplesBefore(ctx.db, project.id, from, scope),
    listDailySamples(ctx.db, project.id, { from, to, timeZone }, scope),
    listSampledPostVideos(ctx.db, project.id),
    listLatestPostMetrics(ctx.db, project.id, scope),
    findLastSyncedAt(ctx.db, project.id, scope),
    listSyncProblems(ctx.db, project.id, scope),
  ]);

  const reached = new Map(before.map((s) => [s.postId, s as MetricTotals]));
  const totals = zero();
  const byPlatform = new Map<string, MetricTotals>();
  const series = new Map<string, MetricTotals & { date: string; platform: string }>();
  const videoOf = new Map(videos.map((v) => [v.postId, v]));
  const videoViews = new Map<number, number>();

  daily.sort((a, b) => a.postId - b.postId || a.day.localeCompare(b.day));
  for (const sample of daily) {
    const previous = reached.get(sample.postId) ?? zero();
    const gained = zero();
    for (const f of FIGURES) gained[f] = sample[f] - previous[f];
    reached.set(sample.postId, sample);
    add(totals, gained);
    if (!byPlatform.has(sample.platform)) byPlatform.set(sample.platform, zero());
    add(byPlatform.get(sample.platform)!, gained);
    const key = `${sample.day}|${sample.platform}`;
    if (!series.has(key)) series.set(key, { date: sample.day, platform: sample.platform, ...zero() });
    add(series.get(key)!, gained);
    const video = videoOf.get(sample.postId);
    if (video) videoViews.set(video.videoId, (videoViews.get(video.videoId) ?? 0) + gained.views);
  }

  const titles = new Map(videos.map((v) => [v.videoId, v.title]));
  const topVideos = [...videoViews]
    .filter(([, views]) => views > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, TOP_VIDEOS)
    .map(([videoId, views]) => ({ videoId, title: titles.get(videoId) ?? '', views }));

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    timeZone,
    totals,
    byPlatform: [...byPlatform]
      .map(([key, figures]) => ({ platform: key as PlatformKey, ...figures }))
      .sort((a, b) => b.views - a.views || a.platform.localeCompare(b.platform)),
    series: [...series.values()]
      .map((point) => ({ ...point, platform: point.platform as PlatformKey }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.platform.localeCompare(b.platform)),
    topVideos,
    bestTimes: rankPublishingTimes(latest, timeZone),
    measuredPosts: latest.length,
    lastSyncedAt: lastSyncedAt?.toISOString() ?? null,
    syncProblems: problems.map((p) => ({
      ...p,
      platform: p.platform as PlatformKey,
      failedAt: p.failedAt.toISOString(),
      lastSyncedAt: p.lastSyncedAt?.toISOString() ?? null,
    })),
  };
}
