import type { ProjectMember } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useChangeRole, useRemoveMember } from '../api/members';
import { roleName } from '../roles';
import { RoleSelect } from './RoleSelect';

/**
 * The project's people. The owner changes roles and removes members; anyone else sees the list and may leave
 * (`onLeft` then takes them elsewhere: the project is no longer theirs to see).
 */
export function MemberList({
  projectId,
  members,
  isOwner,
  meId,
  onLeft,
}: {
  projectId: number;
  members: ProjectMember[];
  isOwner: boolean;
  meId: number | undefined;
  onLeft: () => void;
}) {
  const changeRole = useChangeRole(projectId);
  const remove = useRemoveMember(projectId);
  const toast = useToast();

  async function act(what: () => Promise<unknown>, done: string, failed: string) {
    try {
      await what();
      toast.show(done, 'success');
    } catch (error) {
      toast.show(errorMessage(error, failed), 'error');
    }
  }

  return (
    <ul className="divide-y divide-zinc-100" aria-label="Members">
      {members.map((m) => {
        const isMe = m.userId === meId;
        return (
          <li key={m.userId} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-zinc-900">
                {m.name}
                {isMe && <span className="text-zinc-500"> (you)</span>}
              </p>
              <p className="truncate text-sm text-zinc-600">{m.email}</p>
            </div>
            {isOwner && m.role !== 'owner' ? (
              <>
                <RoleSelect
                  label={`Role of ${m.name}`}
                  value={m.role}
                  disabled={changeRole.isPending}
                  onChange={(role) =>
                    void act(
                      () => changeRole.mutateAsync({ userId: m.userId, role }),
                      `${m.name} is now ${roleName(role).toLowerCase()}.`,
                      'The role could not be changed.',
                    )
                  }
                />
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${m.name}`}
                  onClick={() =>
                    void act(
                      () => remove.mutateAsync(m.userId),
                      `${m.name} removed.`,
                      `${m.name} could not be removed.`,
                    )
                  }
                >
                  Remove
                </Button>
              </>
            ) : (
              <Badge tone={m.role === 'owner' ? 'brand' : 'neutral'}>{roleName(m.role)}</Badge>
            )}
            {!isOwner && isMe && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  void act(
                    async () => {
                      await remove.mutateAsync(m.userId);
                      onLeft();
                    },
                    'You left the project.',
                    'You could not leave the project.',
                  )
                }
              >
                Leave project
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
