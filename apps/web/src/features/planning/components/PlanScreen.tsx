import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { LayersIcon } from '@/components/ui/icons';
import { EmptyState, PageHeader } from '@/components/ui/States';

export function PlanScreen() {
  usePageTitle('Planning');
  return (
    <>
      <PageHeader title="Planning" subtitle="Ideas and drafts, before they become videos." />
      <EmptyState
        icon={<LayersIcon className="size-6" />}
        title="No plans yet"
        action={
          <>
            <ButtonLink to="/schedule">Open the schedule</ButtonLink>
            <ButtonLink to="/dashboard" variant="secondary">
              Go to my videos
            </ButtonLink>
          </>
        }
      >
        Plans collect what you want to film and when it should go out, so the schedule never runs dry.
      </EmptyState>
    </>
  );
}
