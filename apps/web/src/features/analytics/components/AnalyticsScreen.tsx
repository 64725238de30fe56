import { usePageTitle } from '@/features/config';
import { EmptyPage } from '@/components/ui/EmptyPage';
import { ChartIcon } from '@/components/ui/icons';

export function AnalyticsScreen() {
  usePageTitle('Analytics');
  return (
    <EmptyPage
      title="Analytics"
      subtitle="Views and engagement of your published videos, per platform."
      icon={<ChartIcon className="size-6" />}
      emptyTitle="No data to show yet"
      links={[
        { to: '/dashboard', label: 'Go to my videos' },
        { to: '/accounts', label: 'Connect accounts' },
      ]}
    >
      Once your videos are published, their views, likes and comments are collected from each platform and charted here.
    </EmptyPage>
  );
}
