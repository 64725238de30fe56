import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { ChartIcon } from '@/components/ui/icons';
import { EmptyState, PageHeader } from '@/components/ui/States';

export function AnalyticsScreen() {
  usePageTitle('Analytics');
  return (
    <>
      <PageHeader title="Analytics" subtitle="Views and engagement of your published videos, per platform." />
      <EmptyState
        icon={<ChartIcon className="size-6" />}
        title="No data to show yet"
        action={
          <>
            <ButtonLink to="/dashboard">Go to my videos</ButtonLink>
            <ButtonLink to="/accounts" variant="secondary">
              Connect accounts
            </ButtonLink>
          </>
        }
      >
        Once your videos are published, their views, likes and comments are collected from each platform and charted
        here.
      </EmptyState>
    </>
  );
}
