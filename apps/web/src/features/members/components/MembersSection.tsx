import type { Project } from '@fanout/contracts';
import { ErrorState, Skeleton } from '@/components/ui/States';
import { useSession } from '@/features/auth';
import { useMembers } from '../api/members';
import { HandOverSection } from './HandOverSection';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';
import { PendingInvitations } from './PendingInvitations';

/**
 * Project Settings' "Members": everyone sees who is in the project; the owner also adds, invites, changes
 * roles, removes and hands the project over. `onLeft`: where a member who leaves goes next.
 */
export function MembersSection({ project, onLeft }: { project: Project; onLeft: () => void }) {
  const { user } = useSession();
  const members = useMembers(project.id);
  const isOwner = project.role === 'owner';

  return (
    <section aria-labelledby="members-heading" className="rounded-2xl border border-zinc-200 bg-white p-5 sm:p-6">
      <h2 id="members-heading" className="font-semibold text-zinc-900">
        Members
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        {isOwner
          ? 'People who work on this project with you, and what each may do.'
          : `${project.ownerName ?? 'The owner'} owns this project and manages who is in it.`}
      </p>
      <div className="mt-4 space-y-6">
        {members.isPending ? (
          <Skeleton className="h-24 w-full rounded-xl" />
        ) : members.isError ? (
          <ErrorState title="The members could not be loaded" onRetry={() => members.refetch()} />
        ) : (
          <MemberList projectId={project.id} members={members.data} isOwner={isOwner} meId={user?.id} onLeft={onLeft} />
        )}
        {isOwner && (
          <>
            <InviteForm projectId={project.id} />
            <PendingInvitations projectId={project.id} />
            <HandOverSection projectId={project.id} members={members.data ?? []} />
          </>
        )}
      </div>
    </section>
  );
}
