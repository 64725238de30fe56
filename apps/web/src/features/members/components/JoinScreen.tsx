import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Skeleton } from '@/components/ui/States';
import { usePageTitle } from '@/features/config';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { useSession } from '@/features/auth';
import { switchProject } from '@/features/projects';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitation-link';
import { ROLE_LABELS } from '../roles';

const STATE_TEXT = {
  expired: 'This invitation has expired. Ask the owner for a new one.',
  revoked: 'This invitation was withdrawn.',
  used: 'This invitation has been used already.',
} as const;

const linkClass = 'font-medium text-brand-700 hover:underline';

/**
 * /invite/:token: what the invitation is for; without a session, sign in or sign up first (both come back here);
 * then Join adds the person with the link's role and opens the project.
 */
export function JoinScreen() {
  usePageTitle('Invitation');
  const { token = '' } = useParams();
  const { isLoggedIn } = useSession();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const back = { from: `/invite/${token}` };

  function open(projectId: number) {
    switchProject(projectId);
    void navigate('/', { replace: true });
  }

  async function join() {
    try {
      open((await accept.mutateAsync()).projectId);
    } catch {
      // Shown below from accept.error.
    }
  }

  const invitation = preview.data;
  const alreadyIn = accept.error instanceof ApiError && accept.error.code === 'already_member';
  return (
    <AuthLayout
      title={invitation ? `Join ${invitation.projectName}` : 'Invitation'}
      subtitle={
        invitation
          ? `${invitation.inviterName} invites you as ${ROLE_LABELS[invitation.role].toLowerCase()}.`
          : 'An invitation to work on a project together.'
      }
    >
      {preview.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the invitation…</span>
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ) : preview.isError || !invitation ? (
        <FormAlert message="This invitation link is not valid. Check that it was copied whole." />
      ) : invitation.state !== 'pending' ? (
        <FormAlert message={STATE_TEXT[invitation.state]} />
      ) : !isLoggedIn ? (
        <div className="space-y-4">
          <p className="text-sm text-zinc-700">Sign in, or create an account, to join. You will come back here.</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/login" state={back} className={linkClass}>
              Sign in
            </Link>
            <span className="text-zinc-500" aria-hidden="true">
              ·
            </span>
            <Link to="/signup" state={back} className={linkClass}>
              Create an account
            </Link>
          </div>
          <p className="text-xs text-zinc-600">
            The link works until {new Date(invitation.expiresAt).toLocaleString()}.
          </p>
        </div>
      ) : (
        <div className="space-y-4">
          {alreadyIn ? (
            <p className="text-sm text-zinc-700">
              You are in this project already: pick it in the project switcher.{' '}
              <Link to="/" className={linkClass}>
                Go to my videos
              </Link>
            </p>
          ) : (
            <FormAlert message={accept.error ? errorMessage(accept.error, 'You could not join.') : undefined} />
          )}
          <Button busy={accept.isPending} onClick={() => void join()}>
            Join {invitation.projectName}
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
