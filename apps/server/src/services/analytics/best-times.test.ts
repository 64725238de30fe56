import { describe, expect, it } from 'vitest';
import { rankPublishingTimes, weekdayAndHour } from './best-times';

describe('publishing times ranked by views', () => {
  it('reads weekday and hour in the project’s zone', () => {
    // Monday 23:30 UTC is Tuesday 00:30 in Berlin (winter).
    expect(weekdayAndHour(new Date('2026-01-05T23:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 2, hour: 0 });
    expect(weekdayAndHour(new Date('2026-01-05T23:30:00Z'), 'UTC')).toEqual({ weekday: 1, hour: 23 });
  });

  it('ranks by mean views, more posts first on a tie', () => {
    const at = (iso: string, views: number) => ({ publishedAt: new Date(iso), views });
    const ranked = rankPublishingTimes(
      [
        at('2026-01-05T09:10:00Z', 100), // Mon 9
        at('2026-01-12T09:50:00Z', 300), // Mon 9 → mean 200
        at('2026-01-07T18:00:00Z', 500), // Wed 18
        at('2026-01-08T07:00:00Z', 200), // Thu 7
      ],
      'UTC',
    );
    expect(ranked).toEqual([
      { weekday: 3, hour: 18, posts: 1, averageViews: 500 },
      { weekday: 1, hour: 9, posts: 2, averageViews: 200 },
      { weekday: 4, hour: 7, posts: 1, averageViews: 200 },
    ]);
  });
});
