import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { LOGIN_FAILED, validateSecondFactor } from '../validation';
import { AuthLayout } from './AuthLayout';
import { CodeField } from './CodeField';
import { FormAlert } from '@/components/ui/FormAlert';

interface TwoFactorStepProps {
  identifier: string;
  password: string;
  onDone: () => void;
  onBack: () => void;
}

/** Second sign-in step: the authenticator code, or one of the backup codes. */
export function TwoFactorStep({ identifier, password, onDone, onBack }: TwoFactorStepProps) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const login = useLogin();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateSecondFactor(code, useBackup);
    setError(problem);
    if (problem) return;
    setServerError(undefined);
    try {
      const twoFactorToken = useBackup ? code.trim() : code.replace(/\s/g, '');
      const result = await login.mutateAsync({ identifier, password, twoFactorToken, isBackupCode: useBackup });
      if ('token' in result) onDone();
      else setServerError('That code was not accepted. Try again.');
    } catch (err) {
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
        <Button type="submit" size="lg" className="w-full" busy={login.isPending}>
          {login.isPending ? 'Verifying…' : 'Verify'}
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
