import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { UsersIcon } from '@/components/ui/icons';
import { EmptyState, PageHeader } from '@/components/ui/States';

/**
 * The header's Shared (/shared): projects other people share with the person. Projects have no members yet,
 * so none can be shared, and the screen says so; it lists them once projects can be shared.
 */
export function SharedScreen() {
  usePageTitle('Shared');
  return (
    <>
      <PageHeader title="Shared" subtitle="Projects other people share with you." />
      <EmptyState
        icon={<UsersIcon className="size-6" />}
        title="No projects are shared with you"
        action={<ButtonLink to="/dashboard">Go to my videos</ButtonLink>}
      >
        When someone adds you to one of their projects, it appears here. Your own projects are in the project switcher.
      </EmptyState>
    </>
  );
}
