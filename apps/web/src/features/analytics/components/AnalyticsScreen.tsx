import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { ChartIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { AccountFilter, useAccountFilter } from '@/features/accounts';
import { usePageTitle } from '@/features/config';
import { useCurrentProject } from '@/features/projects';
import { errorMessage } from '@/lib/api-client';
import { downloadTextFile } from '@/lib/download';
import { analyticsCsv } from '../analytics-csv';
import { useAnalytics } from '../api/get-analytics';
import { useSyncAnalytics } from '../api/sync-analytics';
import { periodDays } from '../period-days';
import { AnalyticsFilters, analyticsSelectClasses, type AnalyticsView } from './AnalyticsFilters';
import { BestTimes } from './BestTimes';
import { MetricsChart } from './MetricsChart';
import { SyncStatus } from './SyncStatus';
import { TopVideos } from './TopVideos';
import { TotalsCards } from './TotalsCards';

/** The period starts `days` before now (fixed when chosen, so the query key stays put) and runs up to now. */
function periodEndingNow(days: number) {
  return { from: new Date(Date.now() - days * 86_400_000).toISOString() };
}

/** Views and engagement of the project's published videos, per platform and over time. */
export function AnalyticsScreen() {
  usePageTitle('Analytics');
  const { projectId, isResolved } = useCurrentProject();
  const [view, setView] = useState<AnalyticsView>({ days: 30, platform: '', metric: 'views' });
  const [period, setPeriod] = useState(() => periodEndingNow(30));
  const account = useAccountFilter(projectId);
  const report = useAnalytics(
    isResolved && projectId !== undefined
      ? {
          projectId,
          ...period,
          ...(view.platform ? { platform: view.platform } : {}),
          ...(account.accountId !== undefined ? { connectionId: account.accountId } : {}),
        }
      : undefined,
  );
  const sync = useSyncAnalytics();
  const toast = useToast();

  function changeView(next: AnalyticsView) {
    if (next.days !== view.days) setPeriod(periodEndingNow(next.days));
    setView(next);
  }

  function syncNow() {
    if (projectId === undefined) return;
    sync.mutate(projectId, {
      onSuccess: (result) => {
        setPeriod(periodEndingNow(view.days));
        toast.show(
          result.failed === 0
            ? `Synced ${result.synced} ${result.synced === 1 ? 'post' : 'posts'}.`
            : `Synced ${result.synced}; ${result.failed} could not be synced (see Sync status).`,
          result.failed === 0 ? 'success' : 'error',
        );
      },
      onError: (err) => toast.show(errorMessage(err, 'The figures could not be synced.'), 'error'),
    });
  }

  function exportCsv() {
    if (!report.data) return;
    const { from, to } = report.data;
    downloadTextFile(`analytics-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`, analyticsCsv(report.data));
  }

  const data = report.data;
  const days = useMemo(() => (data ? periodDays(data.from, data.to, data.timeZone) : []), [data]);
  return (
    <div>
      <PageHeader
        title="Analytics"
        subtitle="Views and engagement of your published videos, per platform."
        actions={
          <>
            <Button variant="secondary" onClick={exportCsv} disabled={!data}>
              Export CSV
            </Button>
            <Button onClick={syncNow} busy={sync.isPending} disabled={projectId === undefined}>
              Sync now
            </Button>
          </>
        }
      />
      <div className="space-y-5">
        <AnalyticsFilters view={view} onChange={changeView}>
          <AccountFilter
            connections={account.connections}
            value={account.accountId}
            onChange={account.setAccountId}
            selectClassName={analyticsSelectClasses}
          />
        </AnalyticsFilters>
        {report.isError ? (
          <ErrorState
            title="Analytics could not be loaded"
            message={errorMessage(report.error, 'Please try again.')}
            onRetry={() => void report.refetch()}
          />
        ) : !data ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-24" />
            <Skeleton className="h-72" />
          </div>
        ) : (
          <>
            <SyncStatus lastSyncedAt={data.lastSyncedAt} problems={data.syncProblems} />
            {data.measuredPosts === 0 ? (
              <EmptyState icon={<ChartIcon className="size-6" />} title="No data to show yet">
                Once your videos are published, their views, likes, comments and shares are read from each platform and
                charted here. Use “Sync now” to read them at once.
              </EmptyState>
            ) : (
              <>
                <TotalsCards totals={data.totals} />
                {data.series.length > 0 ? (
                  <MetricsChart series={data.series} metric={view.metric} days={days} />
                ) : (
                  <p className="text-sm text-zinc-600">Nothing was gained in this period.</p>
                )}
                <div className="grid gap-5 lg:grid-cols-2">
                  <TopVideos videos={data.topVideos} />
                  <BestTimes times={data.bestTimes} timeZone={data.timeZone} />
                </div>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
