import type { MetricTotals } from '@fanout/contracts';
import { formatCount, METRIC_LABELS, METRICS } from '../platform-colors';

export function TotalsCards({ totals }: { totals: MetricTotals }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {METRICS.map((m) => (
        <div key={m} className="rounded-2xl border border-zinc-200 bg-white p-4">
          <dt className="text-sm text-zinc-600">{METRIC_LABELS[m]}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-zinc-900" data-testid={`total-${m}`}>
            {formatCount(totals[m])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
