import { useId, type ReactNode } from 'react';
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

export const analyticsSelectClasses = cn(inputClasses, 'h-10 w-full pr-8 sm:w-44');

interface AnalyticsFiltersProps {
  view: AnalyticsView;
  onChange: (view: AnalyticsView) => void;
  /** More filters after the platform (the account select). */
  children?: ReactNode;
}

export function AnalyticsFilters({ view, onChange, children }: AnalyticsFiltersProps) {
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
          className={analyticsSelectClasses}
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
          className={analyticsSelectClasses}
        >
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {children}
      <div>
        <label htmlFor={metricId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Chart
        </label>
        <select
          id={metricId}
          value={view.metric}
          onChange={(e) => onChange({ ...view, metric: e.target.value as Metric })}
          className={analyticsSelectClasses}
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
