import { PLATFORMS, type AnalyticsReport } from '@fanout/contracts';

const label = (platform: string) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
