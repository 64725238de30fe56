import { useState } from 'react';
import type { TwoFactorSetupResponse } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { ShieldIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { isReauthenticationCancelled } from '../reauthentication';
import { BackupCodesPanel } from './BackupCodesPanel';
import { SectionLoadState } from './SectionLoadState';
import { SecuritySection } from './SecuritySection';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';
import { TwoFactorSetup } from './TwoFactorSetup';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetupResponse } | { kind: 'regenerate' | 'disable' };

/** Few enough backup codes left that it is time to make new ones. */
const LOW_BACKUP_CODES = 3;

function backupCodesLeft(count: number) {
  return count === 1 ? '1 backup code left' : `${count} backup codes left`;
}

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const disable = useDisableTwoFactor();
  const toast = useToast();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [shownCodes, setShownCodes] = useState<string[]>();
  const [setupError, setSetupError] = useState<string>();
  const idle = () => setStep({ kind: 'idle' });
  const enabled = status.data?.enabled ?? false;

  async function startSetup() {
    setSetupError(undefined);
    setShownCodes(undefined);
    try {
      setStep({ kind: 'setup', setup: await setup.mutateAsync() });
    } catch (error) {
      if (isReauthenticationCancelled(error)) return;
      setSetupError(errorMessage(error, 'Two-factor setup could not start. Try again.'));
    }
  }

  function body() {
    if (!status.data) return <SectionLoadState query={status} what="the two-factor status" />;
    if (step.kind === 'setup') {
      return (
        <TwoFactorSetup
          setup={step.setup}
          onCancel={idle}
          onEnabled={(codes) => {
            setShownCodes(codes);
            idle();
            toast.show('Two-factor authentication is on.', 'success');
          }}
        />
      );
    }
    if (step.kind === 'regenerate') {
      return (
        <TwoFactorCodeForm
          label="Regenerate backup codes"
          intro="New codes replace all the old ones, used or not. Enter a code from your authenticator app."
          submitLabel="Regenerate"
          busyLabel="Regenerating…"
          failure="New backup codes could not be made."
          onSubmit={async ({ code }) => {
            setShownCodes((await regenerate.mutateAsync({ token: code })).backupCodes);
            idle();
          }}
          onCancel={idle}
        />
      );
    }
    if (step.kind === 'disable') {
      return (
        <TwoFactorCodeForm
          label="Turn off two-factor authentication"
          intro="Signing in will then need only your password or a passkey."
          submitLabel="Turn off two-factor authentication"
          busyLabel="Turning off…"
          danger
          withPassword
          acceptsBackupCode
          failure="Two-factor authentication could not be turned off."
          onSubmit={async ({ code, password }) => {
            await disable.mutateAsync({ token: code, password });
            setShownCodes(undefined);
            idle();
            toast.show('Two-factor authentication is off.', 'success');
          }}
          onCancel={idle}
        />
      );
    }
    if (!enabled) {
      return (
        <>
          <FormAlert message={setupError} />
          <Button onClick={() => void startSetup()} busy={setup.isPending}>
            Set up two-factor authentication
          </Button>
        </>
      );
    }
    const left = status.data.backupCodesRemaining;
    return (
      <div className="space-y-4">
        {!shownCodes && (
          <p className={left < LOW_BACKUP_CODES ? 'text-sm font-medium text-amber-800' : 'text-sm text-zinc-700'}>
            {backupCodesLeft(left)}
            {left < LOW_BACKUP_CODES && ': make new ones before they run out.'}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setStep({ kind: 'regenerate' })}>
            Regenerate backup codes
          </Button>
          <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setStep({ kind: 'disable' })}>
            Turn off
          </Button>
        </div>
      </div>
    );
  }

  return (
    <SecuritySection
      id="two-factor"
      title="Two-factor authentication"
      icon={ShieldIcon}
      status={status.data && <Badge tone={enabled ? 'green' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>}
      description="After your password, a code from an authenticator app on your phone. Someone who learns your password still cannot sign in."
    >
      <div className="space-y-5">
        {shownCodes && <BackupCodesPanel codes={shownCodes} onDone={() => setShownCodes(undefined)} />}
        {body()}
      </div>
    </SecuritySection>
  );
}
