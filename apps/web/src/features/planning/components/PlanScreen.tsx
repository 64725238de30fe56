import { usePageTitle } from '@/features/config';
import { EmptyPage } from '@/components/ui/EmptyPage';
import { LayersIcon } from '@/components/ui/icons';

export function PlanScreen() {
  usePageTitle('Planning');
  return (
    <EmptyPage
      title="Planning"
      subtitle="Ideas and drafts, before they become videos."
      icon={<LayersIcon className="size-6" />}
      emptyTitle="No plans yet"
      links={[
        { to: '/schedule', label: 'Open the schedule' },
        { to: '/dashboard', label: 'Go to my videos' },
      ]}
    >
      Plans collect what you want to film and when it should go out, so the schedule never runs dry.
    </EmptyPage>
  );
}
