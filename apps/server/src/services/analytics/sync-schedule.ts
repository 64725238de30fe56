const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How often a post's figures are read, by its age: they move fast on the first day and slowly after a week,
 * so the platforms' rate limits go where the change is. A failed try waits as long as a successful one.
 */
export function metricsSyncInterval(publishedAt: Date, now: Date): number {
  const age = now.getTime() - publishedAt.getTime();
  if (age < DAY) return 15 * MINUTE;
  if (age < 7 * DAY) return HOUR;
  return DAY;
}

export function nextMetricsSync(publishedAt: Date, now: Date): Date {
  return new Date(now.getTime() + metricsSyncInterval(publishedAt, now));
}
