import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { LOGIN_FAILED, validateSecondFactor } from '../validation';
import { AuthLayout } from './AuthLayout';
import { CodeField } from './CodeField';
import { FormAlert } from '@/components/ui/FormAlert';

export interface SecondFactorCode {
  twoFactorToken: string;
  isBackupCode: boolean;
}

interface TwoFactorStepProps {
  /**
   * Sends the code to finish the sign-in this step belongs to (password, identity provider): true once
   * signed in, false when the server still asks for a code. Throws the server's refusal.
   */
  verify: (code: SecondFactorCode) => Promise<boolean>;
  onDone: () => void;
  onBack: () => void;
}

/** Second sign-in step: the authenticator code, or one of the backup codes. */
export function TwoFactorStep({ verify, onDone, onBack }: TwoFactorStepProps) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateSecondFactor(code, useBackup);
    setError(problem);
    if (problem) return;
    setServerError(undefined);
    setBusy(true);
    try {
      const twoFactorToken = useBackup ? code.trim() : code.replace(/\s/g, '');
      const signedIn = await verify({ twoFactorToken, isBackupCode: useBackup });
      setBusy(false);
      if (signedIn) onDone();
      else setServerError('That code was not accepted. Try again.');
    } catch (err) {
      setBusy(false);
      setServerError(errorMessage(err, LOGIN_FAILED));
    }
  }

  function switchMode() {
    setUseBackup((b) => !b);
    setCode('');
    setError(undefined);
    setServerError(undefined);
  }

  return (
    <AuthLayout
      title="Two-factor authentication"
      subtitle={
        useBackup
          ? 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <FormAlert message={serverError} />
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Two-factor authentication">
        <CodeField
          key={useBackup ? 'backup' : 'totp'}
          acceptsBackupCode={useBackup}
          label={useBackup ? 'Backup code' : '6-digit code'}
          hint=""
          value={code}
          onChange={setCode}
          error={error}
          autoFocus
          fullWidth
        />
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        <button type="button" onClick={switchMode} className="font-medium text-brand-700 hover:underline">
          {useBackup ? 'Use your authenticator app' : 'Use a backup code'}
        </button>
        <button
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-1 text-zinc-600 hover:text-zinc-900"
        >
          <ArrowLeftIcon className="size-4" /> Back to sign in
        </button>
      </div>
    </AuthLayout>
  );
}
