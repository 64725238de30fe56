import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useInvitations, useRevokeInvitation } from '../api/members';
import { roleName } from '../roles';

/** Invitations not used yet, each with a way to withdraw it (its link then stops working). */
export function PendingInvitations({ projectId }: { projectId: number }) {
  const query = useInvitations(projectId, true);
  const revoke = useRevokeInvitation(projectId);
  const toast = useToast();
  const invitations = query.data ?? [];
  if (invitations.length === 0) return null;

  return (
    <div>
      <h3 className="text-sm font-semibold text-zinc-900">Pending invitations</h3>
      <ul className="mt-2 divide-y divide-zinc-100" aria-label="Pending invitations">
        {invitations.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-zinc-900">{inv.email}</p>
              <p className="text-xs text-zinc-600">
                {roleName(inv.role)} · until {new Date(inv.expiresAt).toLocaleDateString()}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Withdraw the invitation to ${inv.email}`}
              onClick={() =>
                void revoke.mutateAsync(inv.id).then(
                  () => toast.show(`Invitation to ${inv.email} withdrawn.`, 'success'),
                  (e: unknown) => toast.show(errorMessage(e, 'The invitation could not be withdrawn.'), 'error'),
                )
              }
            >
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
