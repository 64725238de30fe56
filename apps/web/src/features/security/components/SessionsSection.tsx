import type { SessionInfo } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { UsersIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { SectionLoadState } from './SectionLoadState';
import { SecuritySection } from './SecuritySection';

function SessionItem({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  const toast = useToast();

  async function signOut() {
    try {
      await revoke.mutateAsync(session.id);
      toast.show(`${session.device} is signed out.`, 'success');
    } catch (err) {
      toast.show(errorMessage(err, 'That device could not be signed out.'), 'error');
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
          {session.device}
          {session.current && <Badge tone="green">This device</Badge>}
        </p>
        <p className="text-xs text-zinc-500">
          Signed in {formatDateTime(session.createdAt)} · last active {formatDateTime(session.lastUsedAt)}
          {session.ip && ` · ${session.ip}`}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          busy={revoke.isPending}
          aria-label={`Sign out ${session.device}`}
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function othersSignedOut(count: number) {
  if (count === 0) return 'No other device was signed in.';
  return count === 1 ? '1 other device was signed out.' : `${count} other devices were signed out.`;
}

export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const toast = useToast();
  // This device first, then the most recently active.
  const list = sessions.data?.sessions.toSorted(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  const others = list?.filter((s) => !s.current).length ?? 0;

  async function signOutOthers() {
    try {
      toast.show(othersSignedOut((await revokeOthers.mutateAsync(undefined)).revoked), 'success');
    } catch (err) {
      toast.show(errorMessage(err, 'The other devices could not be signed out.'), 'error');
    }
  }

  return (
    <SecuritySection
      id="sessions"
      title="Signed-in devices"
      icon={UsersIcon}
      description="Every browser and app where your account is signed in. Sign out any you do not recognise."
    >
      {list ? (
        <div className="space-y-4">
          <ul aria-label="Sessions" className="divide-y divide-zinc-100 rounded-xl border border-zinc-200">
            {list.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          <Button
            variant="secondary"
            disabled={others === 0}
            busy={revokeOthers.isPending}
            onClick={() => void signOutOthers()}
          >
            Sign out all other devices
          </Button>
        </div>
      ) : (
        <SectionLoadState query={sessions} what="your signed-in devices" />
      )}
    </SecuritySection>
  );
}
