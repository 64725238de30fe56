import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { ActivityIcon } from '@/components/ui/icons';
import { EmptyState, PageHeader } from '@/components/ui/States';

export function ActivityScreen() {
  usePageTitle('Activity');
  return (
    <>
      <PageHeader title="Activity" subtitle="What happened in this workspace, newest first." />
      <EmptyState
        icon={<ActivityIcon className="size-6" />}
        title="No activity to show"
        action={<ButtonLink to="/dashboard">Go to my videos</ButtonLink>}
      >
        Uploads, finished details, published posts and failed publishing attempts of this workspace are listed here as
        they happen.
      </EmptyState>
    </>
  );
}
