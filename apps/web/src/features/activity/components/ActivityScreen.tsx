import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ActivityEvent, ActivityType } from '@fanout/contracts';
import { usePageTitle } from '@/features/config';
import { useCurrentProject } from '@/features/projects';
import { Badge } from '@/components/ui/Badge';
import { Button, ButtonLink } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/Field';
import { ActivityIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { formatDateTime } from '@/lib/format';
import { useActivity } from '../api/get-activity';
import { ACTIVITY_FILTERS } from '../activity-labels';

const FAILING: readonly string[] = ['post.failed', 'connection.lost', 'security.sign_in_failed'];

function ActivityItem({ event }: { event: ActivityEvent }) {
  const account = event.subject.kind === 'account';
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-event-id={event.id}>
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm font-medium', FAILING.includes(event.type) ? 'text-red-700' : 'text-zinc-900')}>
          {account && (
            <Badge tone="violet" className="mr-2 align-middle">
              Account
            </Badge>
          )}
          <Link to={event.link} className="hover:underline focus-visible:underline">
            {event.message}
          </Link>
        </p>
        <p className="mt-0.5 text-xs text-zinc-500">
          {account ? 'Your account, all projects' : event.subject.title}
          {event.detail && ` · ${event.detail}`}
        </p>
      </div>
      <p className="text-xs text-zinc-500">
        {event.actor === 'you' ? 'You' : event.actor} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
      </p>
    </li>
  );
}

export function ActivityScreen() {
  usePageTitle('Activity');
  const filterId = useId();
  const { projectId, project, isResolved } = useCurrentProject();
  const [type, setType] = useState<ActivityType | undefined>(undefined);
  const trail = useActivity(projectId, type);
  const list = trail.data?.pages.flatMap((page) => page.events) ?? [];

  function body() {
    if (trail.isError) {
      return <ErrorState title="Activity could not be loaded" onRetry={() => void trail.refetch()} />;
    }
    if (trail.isPending || !isResolved) {
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
        <EmptyState icon={<ActivityIcon className="size-6" />} title="No activity to show">
          {type
            ? 'Nothing of this kind has happened yet.'
            : 'Uploads, posts, connected accounts and sign-ins are listed here as they happen.'}
        </EmptyState>
      );
    }
    return (
      <>
        <ol aria-label="Activity" className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white">
          {list.map((event) => (
            <ActivityItem key={event.id} event={event} />
          ))}
        </ol>
        {trail.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            busy={trail.isFetchingNextPage}
            onClick={() => void trail.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle={`What happened in ${project?.name ?? 'this project'}, with your account's sign-ins and security changes, newest first.`}
        actions={
          <ButtonLink to="/security" variant="secondary">
            Security settings
          </ButtonLink>
        }
      />
      <div className="mb-4 flex items-center gap-3">
        <label htmlFor={filterId} className="text-sm font-medium text-zinc-800">
          Show
        </label>
        <select
          id={filterId}
          value={type ?? ''}
          onChange={(e) => setType((e.target.value || undefined) as ActivityType | undefined)}
          className={cn(inputClasses, 'h-10 max-w-xs')}
        >
          <option value="">Everything</option>
          {(['Project', 'Account'] as const).map((group) => (
            <optgroup key={group} label={group === 'Project' ? 'This project' : 'Your account'}>
              {ACTIVITY_FILTERS.filter((f) => f.group === group).map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {body()}
    </>
  );
}
