import { useId } from 'react';
import { PLATFORMS, type PlatformKey } from '@fanout/contracts';
import { inputClasses } from '@/components/ui/Field';
import { cn } from '@/components/ui/cn';
import { METRIC_LABELS, METRICS, type Metric } from '../platform-colors';

export const PERIODS = [7, 30, 90, 365] as const;
export type PeriodDays = (typeof PERIODS)[number];

export interface AnalyticsView {
  days: PeriodDays;
  platform: PlatformKey | '';
  metric: Metric;
}

const selectClasses = cn(inputClasses, 'h-10 w-full pr-8 sm:w-44');

export function AnalyticsFilters({ view, onChange }: { view: AnalyticsView; onChange: (view: AnalyticsView) => void }) {
  const periodId = useId();
  const platformId = useId();
  const metricId = useId();
  return (
    <div role="search" aria-label="Filter analytics" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div>
        <label htmlFor={periodId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Period
        </label>
        <select
          id={periodId}
          value={view.days}
          onChange={(e) => onChange({ ...view, days: Number(e.target.value) as PeriodDays })}
          className={selectClasses}
        >
          {PERIODS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={platformId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Platform
        </label>
        <select
          id={platformId}
          value={view.platform}
          onChange={(e) => onChange({ ...view, platform: e.target.value as PlatformKey | '' })}
          className={selectClasses}
        >
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={metricId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Chart
        </label>
        <select
          id={metricId}
          value={view.metric}
          onChange={(e) => onChange({ ...view, metric: e.target.value as Metric })}
          className={selectClasses}
        >
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {METRIC_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
