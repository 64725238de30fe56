import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '@fanout/contracts';
import { analyticsCsv } from './analytics-csv';

const report: AnalyticsReport = {
  from: '2026-03-01T00:00:00.000Z',
  to: '2026-03-08T00:00:00.000Z',
  timeZone: 'UTC',
  totals: { views: 120, likes: 12, comments: 3, shares: 1 },
  byPlatform: [{ platform: 'x', views: 120, likes: 12, comments: 3, shares: 1 }],
  series: [{ date: '2026-03-02', platform: 'x', views: 120, likes: 12, comments: 3, shares: 1 }],
  topVideos: [
    { videoId: 4, title: 'Harbour, "at dawn"', views: 120 },
    { videoId: 5, title: '=cmd()', views: 1 },
  ],
  bestTimes: [],
  measuredPosts: 1,
  lastSyncedAt: null,
  syncProblems: [],
};

describe('analytics CSV', () => {
  it('has one row per shown figure, quoting commas and quotes and defusing formulas', () => {
    expect(analyticsCsv(report).split('\r\n')).toEqual([
      'section,date,platform,video,views,likes,comments,shares',
      'total,2026-03-01T00:00:00.000Z/2026-03-08T00:00:00.000Z,all,,120,12,3,1',
      'platform,2026-03-01T00:00:00.000Z/2026-03-08T00:00:00.000Z,X (Twitter),,120,12,3,1',
      'day,2026-03-02,X (Twitter),,120,12,3,1',
      'top video,2026-03-01T00:00:00.000Z/2026-03-08T00:00:00.000Z,all,"Harbour, ""at dawn""",120,,,',
      "top video,2026-03-01T00:00:00.000Z/2026-03-08T00:00:00.000Z,all,'=cmd(),1,,,",
      '',
    ]);
  });
});
