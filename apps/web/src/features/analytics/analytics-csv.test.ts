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

  it('defuses titles a spreadsheet would run, including after a tab or a carriage return, as the server export does', () => {
    const titles = ['\t=HYPERLINK("http://evil")', '\r=1+2', '+1', 'a;=cmd()'];
    const csv = analyticsCsv({ ...report, topVideos: titles.map((title, i) => ({ videoId: i, title, views: 1 })) });
    const topRows = csv.split('\r\n').filter((line) => line.startsWith('top video,'));
    expect(topRows.map((line) => line.split(',all,')[1])).toEqual([
      `"'\t=HYPERLINK(""http://evil"")",1,,,`,
      `"'\r=1+2",1,,,`,
      "'+1,1,,,",
      '"a;=cmd()",1,,,',
    ]);
  });
});
