import { describe, expect, it } from 'vitest';
import { OWN_BASIS_MIN_POSTS, rankBestTimes, type PostEngagement } from './best-times';

let id = 0;
const post = (publishedAt: string, figures: Partial<PostEngagement> = {}): PostEngagement => ({
  postId: ++id,
  platform: 'tiktok',
  publishedAt: new Date(publishedAt),
  views: 1000,
  likes: 10,
  comments: 0,
  shares: 0,
  ...figures,
});

describe('best-time ranking', () => {
  it('gives the platform defaults, saying why and how many posts are still missing, below the threshold', () => {
    const rows = Array.from({ length: OWN_BASIS_MIN_POSTS - 1 }, () => post('2026-01-05T18:00:00Z'));
    const result = rankBestTimes(rows, 'tiktok', 'Europe/Berlin');
    expect(result.basis).toBe('default');
    expect(result.suggestions.length).toBeGreaterThan(0);
    expect(result.suggestions[0]!.score).toBe(100);
    expect(result.suggestions[0]!.reason).toContain(`until ${OWN_BASIS_MIN_POSTS} of your TikTok posts have metrics`);
    expect(result.suggestions[0]!.reason).toContain(`(${OWN_BASIS_MIN_POSTS - 1} so far)`);
  });

  it("ranks the project's own hours by average engagement, in the project's zone, once there are enough posts", () => {
    const rows = [
      // Tuesday 18:xx Berlin (17:xx UTC): strong.
      ...Array.from({ length: 4 }, () => post('2026-01-06T17:10:00Z', { views: 5000, likes: 200, shares: 20 })),
      // Monday 09:xx Berlin: weak.
      ...Array.from({ length: 6 }, () => post('2026-01-05T08:30:00Z', { views: 500, likes: 5 })),
      // Another platform's post does not count.
      post('2026-01-05T08:30:00Z', { platform: 'x', views: 1e9 }),
    ];
    const result = rankBestTimes(rows, 'tiktok', 'Europe/Berlin');
    expect(result.basis).toBe('own');
    expect(result.suggestions.map(({ weekday, hour, score }) => ({ weekday, hour, score }))).toEqual([
      { weekday: 2, hour: 18, score: 100 },
      { weekday: 1, hour: 9, score: 3 },
    ]);
    expect(result.suggestions[0]!.reason).toBe(
      'Your 4 TikTok posts published on Tuesdays 18:00–19:00 averaged 5,000 views and 220 interactions ' +
        '(from 10 published posts with metrics).',
    );
  });

  it('weighs shares and comments above likes, and likes above views', () => {
    const rows = [
      ...Array.from({ length: 5 }, () => post('2026-01-07T12:00:00Z', { views: 1000, likes: 0, shares: 50 })),
      ...Array.from({ length: 5 }, () => post('2026-01-08T12:00:00Z', { views: 1000, likes: 100, shares: 0 })),
    ];
    const result = rankBestTimes(rows, 'tiktok', 'UTC');
    expect(result.suggestions.map((s) => s.weekday)).toEqual([3, 4]);
  });
});
