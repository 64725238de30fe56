import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { PasswordField } from '@/components/ui/PasswordField';
import { CodeField, validateSecondFactor } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';

interface TwoFactorCodeFormProps {
  /** names the form for assistive technology */
  label: string;
  intro?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** Also asks for the account password (turning two-factor off). */
  withPassword?: boolean;
  /** Takes a backup code too, not only a code from the app. */
  acceptsBackupCode?: boolean;
  failure: string;
  onSubmit: (values: { code: string; password: string }) => Promise<unknown>;
  onCancel: () => void;
}

/** Confirms a two-factor change with a current code (and, where asked, the password). */
export function TwoFactorCodeForm(props: TwoFactorCodeFormProps) {
  const { label, intro, submitLabel, busyLabel, danger, withPassword, acceptsBackupCode, failure } = props;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = acceptsBackupCode
      ? code.trim()
        ? undefined
        : 'Enter a code from your authenticator app or a backup code'
      : validateSecondFactor(code, false);
    setCodeError(problem);
    if (problem) return;
    setServerError(undefined);
    setBusy(true);
    try {
      await props.onSubmit({ code: code.trim(), password });
    } catch (error) {
      setServerError(errorMessage(error, failure));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      {intro && <p className="text-sm text-zinc-700">{intro}</p>}
      <FormAlert message={serverError} className="mb-0" />
      <CodeField value={code} onChange={setCode} error={codeError} acceptsBackupCode={acceptsBackupCode} autoFocus />
      {withPassword && (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          hint="Signed up through an identity provider and never set a password? Leave it empty."
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
