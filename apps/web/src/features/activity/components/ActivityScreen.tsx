import { usePageTitle } from '@/features/config';
import { Button, ButtonLink } from '@/components/ui/Button';
import { ShieldIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { formatDateTime } from '@/lib/format';
import { useSecurityEvents } from '../api/get-security-events';
import { securityEventText } from '../security-event-text';

export function ActivityScreen() {
  usePageTitle('Activity');
  const events = useSecurityEvents();
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];

  function body() {
    if (events.isError) {
      return <ErrorState title="Activity could not be loaded" onRetry={() => void events.refetch()} />;
    }
    if (events.isPending) {
      return (
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      );
    }
    if (list.length === 0) {
      return (
        <EmptyState icon={<ShieldIcon className="size-6" />} title="No activity to show">
          Sign-ins and changes to how your account signs in are listed here as they happen.
        </EmptyState>
      );
    }
    return (
      <>
        <ol
          aria-label="Account security events"
          className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white"
        >
          {list.map((event) => (
            <li key={event.id} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <p
                className={`flex-1 text-sm font-medium ${event.type === 'sign_in_failed' ? 'text-red-700' : 'text-zinc-900'}`}
              >
                {securityEventText(event)}
              </p>
              <p className="text-xs text-zinc-500">
                {event.device}
                {event.ip && ` · ${event.ip}`} ·{' '}
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
        {events.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            busy={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            Show older
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Sign-ins and security changes of your account, newest first."
        actions={
          <ButtonLink to="/security" variant="secondary">
            Security settings
          </ButtonLink>
        }
      />
      {body()}
    </>
  );
}
