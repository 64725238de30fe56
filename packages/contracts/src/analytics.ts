import { z } from 'zod';
import { Id, IdText } from './common';
import { PlatformKey } from './platforms';

/** The longest period GET /api/analytics covers at once. */
export const ANALYTICS_MAX_DAYS = 366;
/** The period GET /api/analytics covers when no `from` is given. */
export const ANALYTICS_DEFAULT_DAYS = 30;

export const AnalyticsQuery = z.object({
  project_id: IdText,
  /** Inclusive; default: 30 days before `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Exclusive; default: now. */
  to: z.iso.datetime({ offset: true }).optional(),
  platform: PlatformKey.optional(),
  /** One account's posts (a connection of the project). */
  connection_id: IdText.optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const figures = {
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
};

export const MetricTotals = z.object(figures);
export type MetricTotals = z.infer<typeof MetricTotals>;

export const PlatformMetrics = z.object({ platform: PlatformKey, ...figures });
export type PlatformMetrics = z.infer<typeof PlatformMetrics>;

/** What one platform gained on one day (`YYYY-MM-DD` in the project's time zone). */
export const MetricPoint = z.object({ date: z.string(), platform: PlatformKey, ...figures });
export type MetricPoint = z.infer<typeof MetricPoint>;

export const TopVideo = z.object({ videoId: z.number().int(), title: z.string(), views: z.number().int() });
export type TopVideo = z.infer<typeof TopVideo>;

/** Posts published at one weekday and hour (ISO weekday 1 = Monday, project time zone) and their mean views. */
export const BestTime = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  posts: z.number().int(),
  averageViews: z.number().int(),
});
export type BestTime = z.infer<typeof BestTime>;

/** A published post whose latest metrics sync failed: why, and since when its figures are stale. */
export const SyncProblem = z.object({
  postId: z.number().int(),
  videoId: z.number().int(),
  videoTitle: z.string(),
  platform: PlatformKey,
  failedAt: z.string(),
  reason: z.string(),
  /** When its figures were last read; null: never. */
  lastSyncedAt: z.string().nullable(),
});
export type SyncProblem = z.infer<typeof SyncProblem>;

/**
 * GET /api/analytics: what the project's published posts gained in [from, to). Totals, per platform, per day
 * and per platform, the top videos; `bestTimes` ranks the weekday and hour of publishing by the mean lifetime
 * views of the posts published then.
 */
export const AnalyticsReport = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    totals: MetricTotals,
    byPlatform: z.array(PlatformMetrics),
    series: z.array(MetricPoint),
    topVideos: z.array(TopVideo),
    bestTimes: z.array(BestTime),
    /** Published posts with figures (of the platform asked for). */
    measuredPosts: z.number().int(),
    /** The latest successful sync of any of the project's posts; null: never. */
    lastSyncedAt: z.string().nullable(),
    syncProblems: z.array(SyncProblem),
  })
  .meta({ id: 'AnalyticsReport' });
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

export const AnalyticsSyncBody = z.strictObject({ project_id: Id });
export type AnalyticsSyncBody = z.infer<typeof AnalyticsSyncBody>;

/** POST /api/analytics/sync answers when every post of the project has been tried. */
export const AnalyticsSyncResult = z.object({
  synced: z.number().int(),
  failed: z.number().int(),
  lastSyncedAt: z.string().nullable(),
});
export type AnalyticsSyncResult = z.infer<typeof AnalyticsSyncResult>;
