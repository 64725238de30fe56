import { useState } from 'react';
import { ChangePasswordBody, PASSWORD_RULE } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { SettingsIcon } from '@/components/ui/icons';
import { PasswordField } from '@/components/ui/PasswordField';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { SecuritySection } from './SecuritySection';

export function passwordChangedMessage(otherSessionsRevoked: number) {
  if (otherSessionsRevoked === 0) return 'Password changed. No other session was signed in.';
  return otherSessionsRevoked === 1
    ? 'Password changed. 1 other session was signed out.'
    : `Password changed. ${otherSessionsRevoked} other sessions were signed out.`;
}

export function PasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPasswordError, setNewPasswordError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  const change = useChangePassword();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone(undefined);
    const parsed = ChangePasswordBody.safeParse({ currentPassword, newPassword });
    setNewPasswordError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setServerError(undefined);
    try {
      const result = await change.mutateAsync(parsed.data);
      setCurrentPassword('');
      setNewPassword('');
      setDone(passwordChangedMessage(result.otherSessionsRevoked));
    } catch (err) {
      setServerError(errorMessage(err, 'The password could not be changed.'));
    }
  }

  return (
    <SecuritySection
      id="password"
      title="Password"
      icon={SettingsIcon}
      description="Changing it signs out every other device; this one stays signed in."
    >
      <form onSubmit={submit} noValidate aria-label="Change password" className="max-w-md space-y-4">
        <FormAlert message={serverError} className="mb-0" />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          hint="Signed up through an identity provider and never set one? Leave it empty."
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            if (newPasswordError) setNewPasswordError(undefined);
          }}
          error={newPasswordError}
          hint={`At least ${PASSWORD_RULE.min} characters. A passphrase of a few words is easy to remember and hard to guess.`}
        />
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
        {done && (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {done}
          </p>
        )}
      </form>
    </SecuritySection>
  );
}
