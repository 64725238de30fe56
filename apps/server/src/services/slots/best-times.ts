import { PLATFORMS, WEEKDAY_NAMES, utcToZoned, type BestTimes, type PlatformKey } from '@fanout/contracts';
import { isoWeekday } from './slot-instants';

/** A published post's latest metrics (the analytics' latest sample). */
export interface PostEngagement {
  postId: number;
  platform: string;
  publishedAt: Date;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

/** Published posts with metrics a platform needs before its suggestions come from the project's own posts. */
export const OWN_BASIS_MIN_POSTS = 10;
/** How many suggestions are given. */
export const SUGGESTIONS_MAX = 5;

/**
 * Fanout's defaults per platform before a project has enough of its own data, [weekday, hour] best first:
 * the hours the platforms' own guidance and the published studies of scheduling tools agree on (lunch and
 * early evening on weekdays; Reddit's US morning; YouTube a little before the evening peak).
 */
export const DEFAULT_BEST_TIMES: Record<PlatformKey, { times: [number, number][]; why: string }> = {
  instagram: {
    times: [
      [3, 11],
      [2, 12],
      [4, 18],
      [5, 11],
      [1, 19],
    ],
    why: 'Instagram audiences browse most around late morning and lunch on weekdays',
  },
  tiktok: {
    times: [
      [2, 19],
      [4, 19],
      [5, 17],
      [3, 12],
      [7, 20],
    ],
    why: 'TikTok is watched most in the evening, after school and work',
  },
  youtube: {
    times: [
      [5, 15],
      [6, 10],
      [4, 15],
      [7, 10],
      [3, 16],
    ],
    why: 'YouTube videos posted a few hours before the evening and weekend peaks are processed and indexed in time',
  },
  facebook: {
    times: [
      [3, 9],
      [2, 10],
      [4, 13],
      [5, 9],
      [1, 11],
    ],
    why: 'Facebook is busiest on weekday mornings and at lunch',
  },
  x: {
    times: [
      [2, 9],
      [3, 9],
      [4, 10],
      [1, 12],
      [5, 8],
    ],
    why: 'X is read most on weekday mornings, with the news',
  },
  reddit: {
    times: [
      [1, 7],
      [7, 8],
      [6, 8],
      [2, 7],
      [3, 8],
    ],
    why: 'Reddit posts that are up early in the morning gather votes before the day’s peak',
  },
};

const labelOf = (platform: PlatformKey) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** What one post's metrics are worth: interactions weigh more than views, shares most (they reach new people). */
export function engagementOf(post: PostEngagement): number {
  return post.views / 100 + post.likes + 2 * post.comments + 3 * post.shares;
}

function defaults(platform: PlatformKey, zone: string, withMetrics: number): BestTimes {
  const { times, why } = DEFAULT_BEST_TIMES[platform];
  const label = labelOf(platform);
  const reason =
    `${why}. Fanout’s default until ${OWN_BASIS_MIN_POSTS} of your ${label} posts have metrics ` +
    `(${withMetrics} so far).`;
  return {
    platform,
    basis: 'default',
    timezone: zone,
    suggestions: times.map(([weekday, hour], i) => ({
      weekday,
      hour,
      score: Math.round(100 - (i * 50) / times.length),
      reason,
    })),
  };
}

/**
 * Ranks the hours of the week for `platform` by the project's own published posts: each post's engagement goes
 * to the weekday and hour it was published at in `zone`, and an hour scores its posts' average (the best hour
 * 100). Fewer than OWN_BASIS_MIN_POSTS posts with metrics: the platform's defaults, saying so.
 */
export function rankBestTimes(rows: readonly PostEngagement[], platform: PlatformKey, zone: string): BestTimes {
  const posts = rows.filter((row) => row.platform === platform);
  if (posts.length < OWN_BASIS_MIN_POSTS) return defaults(platform, zone, posts.length);
  const buckets = new Map<string, { weekday: number; hour: number; posts: PostEngagement[] }>();
  for (const post of posts) {
    const local = utcToZoned(post.publishedAt, zone);
    const weekday = isoWeekday(local.date);
    const hour = Number(local.time.slice(0, 2));
    const key = `${weekday} ${hour}`;
    const bucket = buckets.get(key) ?? { weekday, hour, posts: [] };
    bucket.posts.push(post);
    buckets.set(key, bucket);
  }
  const ranked = [...buckets.values()]
    .map((b) => ({ ...b, average: b.posts.reduce((sum, p) => sum + engagementOf(p), 0) / b.posts.length }))
    .sort(
      (a, b) => b.average - a.average || b.posts.length - a.posts.length || a.weekday - b.weekday || a.hour - b.hour,
    )
    .slice(0, SUGGESTIONS_MAX);
  const best = ranked[0]?.average || 1;
  const label = labelOf(platform);
  return {
    platform,
    basis: 'own',
    timezone: zone,
    suggestions: ranked.map((b) => {
      const views = Math.round(b.posts.reduce((sum, p) => sum + p.views, 0) / b.posts.length);
      const interactions = Math.round(
        b.posts.reduce((sum, p) => sum + p.likes + p.comments + p.shares, 0) / b.posts.length,
      );
      const hours = `${String(b.hour).padStart(2, '0')}:00–${String(b.hour + 1).padStart(2, '0')}:00`;
      return {
        weekday: b.weekday,
        hour: b.hour,
        score: Math.max(0, Math.min(100, Math.round((b.average / best) * 100))),
        reason:
          `Your ${plural(b.posts.length, `${label} post`)} published on ${WEEKDAY_NAMES[b.weekday - 1]}s ` +
          `${hours} averaged ${plural(views, 'view')} and ${plural(interactions, 'interaction')} ` +
          `(from ${plural(posts.length, 'published post')} with metrics).`,
      };
    }),
  };
}
