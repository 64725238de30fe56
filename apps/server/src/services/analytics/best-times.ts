import type { BestTime } from '@fanout/contracts';

const SHOWN = 5;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** ISO weekday and hour of an instant in a time zone. */
export function weekdayAndHour(at: Date, timeZone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const weekday = WEEKDAYS[parts.find((p) => p.type === 'weekday')!.value]!;
  const hour = Number(parts.find((p) => p.type === 'hour')!.value) % 24;
  return { weekday, hour };
}

/**
 * The weekday and hour of publishing whose posts have the most views on average (lifetime views, in the
 * project's time zone), the best first; ties go to the time with more posts behind it.
 */
export function rankPublishingTimes(posts: { publishedAt: Date; views: number }[], timeZone: string): BestTime[] {
  const groups = new Map<string, { weekday: number; hour: number; posts: number; views: number }>();
  for (const post of posts) {
    const { weekday, hour } = weekdayAndHour(post.publishedAt, timeZone);
    const key = `${weekday}:${hour}`;
    const group = groups.get(key) ?? { weekday, hour, posts: 0, views: 0 };
    group.posts++;
    group.views += post.views;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((g) => ({ weekday: g.weekday, hour: g.hour, posts: g.posts, averageViews: Math.round(g.views / g.posts) }))
    .sort((a, b) => b.averageViews - a.averageViews || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour)
    .slice(0, SHOWN);
}
