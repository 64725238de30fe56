import { csvRecord, PLATFORMS, type AnalyticsReport } from '@fanout/contracts';

const label = (platform: string) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

/**
 * What the analytics screen shows, as one CSV table: the totals, each platform, each day and platform, and the
 * top videos, one row each, told apart by `section`.
 */
export function analyticsCsv(report: AnalyticsReport): string {
  const rows: (string | number)[][] = [
    ['section', 'date', 'platform', 'video', 'views', 'likes', 'comments', 'shares'],
  ];
  const { totals } = report;
  const period = `${report.from}/${report.to}`;
  rows.push(['total', period, 'all', '', totals.views, totals.likes, totals.comments, totals.shares]);
  for (const p of report.byPlatform)
    rows.push(['platform', period, label(p.platform), '', p.views, p.likes, p.comments, p.shares]);
  for (const p of report.series)
    rows.push(['day', p.date, label(p.platform), '', p.views, p.likes, p.comments, p.shares]);
  for (const v of report.topVideos) rows.push(['top video', period, 'all', v.title, v.views, '', '', '']);
  // The same cell rule as the server's export (csv-cells.ts): a title a spreadsheet would run stays text.
  return rows.map((row) => csvRecord(row)).join('');
}
