import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { REAUTHENTICATION_WINDOW_MINUTES, ReauthenticateBody } from '@fanout/contracts';
import { useLogout } from '@/features/auth';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { PasswordField } from '@/components/ui/PasswordField';
import { errorMessage } from '@/lib/api-client';
import { reauthenticate } from '../api/reauthenticate';
import { ReauthenticationContext } from '../reauthentication';

interface ConfirmItsYouDialogProps {
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the password; an account without one (identity provider) is offered a new sign-in instead. */
function ConfirmItsYouDialog({ onConfirmed, onCancel }: ConfirmItsYouDialogProps) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const logout = useLogout();
  const navigate = useNavigate();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ReauthenticateBody.safeParse({ password });
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setServerError(undefined);
    setBusy(true);
    try {
      await reauthenticate(parsed.data);
      onConfirmed();
    } catch (err) {
      setServerError(errorMessage(err, 'Your password could not be checked. Try again.'));
      setBusy(false);
    }
  }

  function signInAgain() {
    onCancel();
    logout.mutate(undefined, {
      onSettled: () => void navigate('/login', { replace: true, state: { from: '/security' } }),
    });
  }

  return (
    <Modal
      open
      onClose={onCancel}
      title="Confirm it’s you"
      description={`Enter your password to continue. You will not be asked again for ${REAUTHENTICATION_WINDOW_MINUTES} minutes.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Confirm
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label="Confirm your password" className="space-y-4">
        <FormAlert message={serverError} className="mb-0" />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (fieldError) setFieldError(undefined);
          }}
          error={fieldError}
          data-autofocus
        />
        <p className="text-sm text-zinc-600">
          No password on this account because you sign in through an identity provider?{' '}
          <button
            type="button"
            onClick={signInAgain}
            className="font-medium text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Sign in again
          </button>{' '}
          instead.
        </p>
      </form>
    </Modal>
  );
}

/**
 * Lets the Security screen's actions ask "Confirm it's you" (see useReauthenticated): one dialog, shown while
 * any of them waits; every waiting action goes on, or stops, with the answer.
 */
export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((confirmed: boolean) => void)[]>([]);

  const confirmIdentity = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );

  const finish = useCallback((confirmed: boolean) => {
    const resolvers = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of resolvers) resolve(confirmed);
  }, []);
  const onConfirmed = useCallback(() => finish(true), [finish]);
  const onCancel = useCallback(() => finish(false), [finish]);

  return (
    <ReauthenticationContext.Provider value={confirmIdentity}>
      {children}
      {open && <ConfirmItsYouDialog onConfirmed={onConfirmed} onCancel={onCancel} />}
    </ReauthenticationContext.Provider>
  );
}
