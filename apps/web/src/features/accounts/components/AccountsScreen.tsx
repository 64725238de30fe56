import { PLATFORMS } from '@fanout/contracts';
import { usePageTitle } from '@/features/config';
import { FALLBACK_PROJECT, ProjectBadge, useCurrentProject } from '@/features/projects';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { useConnectedPlatforms } from '../api/get-connected-platforms';

const CONNECT_NOTE_ID = 'connect-note';

/** The six platforms and whether the current workspace has an account connected on each. */
export function AccountsScreen() {
  usePageTitle('Connected accounts');
  const { project, projectId, isResolved } = useCurrentProject();
  const connected = useConnectedPlatforms(projectId);
  const shown = project ?? FALLBACK_PROJECT;

  return (
    <>
      <PageHeader title="Connected accounts" subtitle="Each workspace publishes through its own accounts." />
      <div className="mb-5 flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-3">
        <ProjectBadge initials={shown.initials} color1={shown.color1} color2={shown.color2} />
        <p className="text-sm text-zinc-600">
          Accounts of <span className="font-medium text-zinc-900">{shown.name}</span>
        </p>
      </div>
      <p id={CONNECT_NOTE_ID} className="mb-4 text-sm text-zinc-600">
        Connecting an account lets this workspace publish there. Connecting new accounts from this page is not available
        on this server yet.
      </p>
      {connected.isError ? (
        <ErrorState title="Connected accounts could not be loaded" onRetry={() => connected.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Platforms">
          {PLATFORMS.map((platform) => {
            const loading = !isResolved || (projectId !== undefined && connected.isPending);
            const isConnected = connected.data?.platforms.includes(platform.key) ?? false;
            return (
              <li
                key={platform.key}
                className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm"
              >
                <PlatformIcon platform={platform.key} className="size-11 rounded-xl" />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-zinc-900">{platform.label}</h2>
                  <p className="text-sm text-zinc-500">{platform.subtitle}</p>
                  <div className="mt-2 h-5">
                    {loading ? (
                      <Skeleton className="h-5 w-24" />
                    ) : isConnected ? (
                      <Badge tone="green">Connected</Badge>
                    ) : (
                      <Badge>Not connected</Badge>
                    )}
                  </div>
                </div>
                {!isConnected && (
                  <Button variant="secondary" size="sm" disabled aria-describedby={CONNECT_NOTE_ID}>
                    Connect
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
