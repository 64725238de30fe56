import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsReport, PlatformKey } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export interface AnalyticsFilter {
  projectId: number;
  from: string;
  /** Absent: up to now, as of each fetch. */
  to?: string;
  platform?: PlatformKey;
  /** One account's posts. */
  connectionId?: number;
}

const REFRESH_MS = 5 * 60_000;

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (f: AnalyticsFilter) =>
    ['analytics', f.projectId, f.from, f.to ?? 'now', f.platform ?? 'all', f.connectionId ?? 'all'] as const,
};

export function getAnalytics(f: AnalyticsFilter, signal?: AbortSignal): Promise<AnalyticsReport> {
  const query = new URLSearchParams({ project_id: String(f.projectId), from: f.from });
  if (f.to) query.set('to', f.to);
  if (f.platform) query.set('platform', f.platform);
  if (f.connectionId !== undefined) query.set('connection_id', String(f.connectionId));
  return api.get<AnalyticsReport>(`/analytics?${query}`, signal);
}

export const analyticsQueryOptions = (f: AnalyticsFilter) =>
  queryOptions({
    queryKey: analyticsKeys.report(f),
    queryFn: ({ signal }) => getAnalytics(f, signal),
    placeholderData: keepPreviousData,
    // Figures are read in the background (every 15 minutes for new posts): the screen follows on its own.
    refetchInterval: REFRESH_MS,
  });

export function useAnalytics(f: AnalyticsFilter | undefined) {
  return useQuery({ ...analyticsQueryOptions(f ?? { projectId: 0, from: '' }), enabled: f !== undefined });
}
