import { useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricPoint, PlatformKey } from '@fanout/contracts';
import { hasMarker, LINE_STYLES } from '../line-styles';
import { formatCount, METRIC_LABELS, PLATFORM_COLORS, platformLabel, type Metric } from '../platform-colors';
import { ChartLegend } from './ChartLegend';
import { MarkerSymbol } from './MarkerSymbol';

interface Props {
  series: MetricPoint[];
  metric: Metric;
  /** Every day of the period, so that a day without gains shows as 0 rather than being skipped. */
  days: string[];
}

/**
 * One line per platform of what it gained each day (each its own colour, dash and marker; the key shows one
 * alone), with the same figures as a table for screen readers.
 */
export function MetricsChart({ series, metric, days }: Props) {
  const { rows, platforms } = useMemo(() => pivot(series, metric, days), [series, metric, days]);
  const [picked, setPicked] = useState<PlatformKey | null>(null);
  const only = picked && platforms.includes(picked) ? picked : null;
  const drawn = only ? [only] : platforms;
  const label = METRIC_LABELS[metric];
  const total = rows.reduce((sum, row) => sum + drawn.reduce((s, p) => s + ((row[p] as number) ?? 0), 0), 0);
  return (
    <section aria-labelledby="metrics-chart-title" className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id="metrics-chart-title" className="text-base font-semibold text-zinc-900">
        {label} per day and platform
      </h2>
      <div
        role="img"
        aria-label={`${label} per day for ${drawn.map(platformLabel).join(', ')}: ${formatCount(total)} in all over ${rows.length} days. The table below has every figure.`}
        className="mt-4 h-72"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" strokeDasharray="3 3" />
            <XAxis dataKey="date" tick={{ fontSize: 12, fill: '#52525b' }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#52525b' }} width={56} />
            <Tooltip formatter={(value, name) => [formatCount(Number(value)), platformLabel(String(name))]} />
            {drawn.map((p) => (
              <Line
                key={p}
                type="monotone"
                dataKey={p}
                name={p}
                stroke={PLATFORM_COLORS[p]}
                strokeWidth={2}
                strokeDasharray={LINE_STYLES[p].dash}
                dot={({ cx, cy, index }: { cx?: number; cy?: number; index?: number }) =>
                  cx === undefined || cy === undefined || !hasMarker(index ?? 0, rows.length) ? (
                    <g key={`${p}-${index}`} />
                  ) : (
                    <MarkerSymbol key={`${p}-${index}`} platform={p} cx={cx} cy={cy} />
                  )
                }
                isAnimationActive={false}
                connectNulls
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ChartLegend platforms={platforms} only={only} onOnly={setPicked} />
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the chart as a table</summary>
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{label} per day and platform</caption>
            <thead>
              <tr className="border-b border-zinc-200 text-zinc-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Date
                </th>
                {platforms.map((p) => (
                  <th key={p} scope="col" className="py-2 pr-4 text-right font-medium">
                    {platformLabel(p)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.date} className="border-b border-zinc-100">
                  <th scope="row" className="py-1.5 pr-4 font-normal text-zinc-700">
                    {row.date}
                  </th>
                  {platforms.map((p) => (
                    <td key={p} className="py-1.5 pr-4 text-right tabular-nums text-zinc-900">
                      {formatCount((row[p] as number | undefined) ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

type Row = { date: string } & Partial<Record<PlatformKey, number>>;

function pivot(series: MetricPoint[], metric: Metric, days: string[]): { rows: Row[]; platforms: PlatformKey[] } {
  const byDate = new Map<string, Row>(days.map((date) => [date, { date }]));
  const platforms = new Set<PlatformKey>();
  for (const point of series) {
    platforms.add(point.platform);
    const row = byDate.get(point.date) ?? { date: point.date };
    row[point.platform] = (row[point.platform] ?? 0) + point[metric];
    byDate.set(point.date, row);
  }
  const rows = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  for (const row of rows) for (const p of platforms) row[p] ??= 0;
  return { rows, platforms: [...platforms].sort() };
}
