import type { SecurityEvent } from '@fanout/contracts';

const SIGN_IN: Record<NonNullable<SecurityEvent['detail']['method']>, (e: SecurityEvent) => string> = {
  password: () => 'Signed in with the password',
  two_factor: () => 'Signed in with the password and an authenticator code',
  backup_code: () => 'Signed in with the password and a backup code',
  passkey: (e) =>
    e.detail.deviceName ? `Signed in with the passkey “${e.detail.deviceName}”` : 'Signed in with a passkey',
  identity_provider: (e) => `Signed in with ${e.detail.provider ?? 'an identity provider'}`,
};

const FAILED: Record<NonNullable<SecurityEvent['detail']['method']>, (e: SecurityEvent) => string> = {
  password: () => 'Failed sign-in: wrong password',
  two_factor: () => 'Failed sign-in: right password, wrong authenticator code',
  backup_code: () => 'Failed sign-in: right password, wrong backup code',
  passkey: (e) =>
    e.detail.deviceName ? `Failed sign-in with the passkey “${e.detail.deviceName}”` : 'Failed sign-in with a passkey',
  identity_provider: (e) => `Failed sign-in with ${e.detail.provider ?? 'an identity provider'}`,
};

function devices(count: number | undefined) {
  return count === 1 ? '1 other device' : `${count ?? 0} other devices`;
}

/** One line saying what happened, for the Activity screen. */
export function securityEventText(event: SecurityEvent): string {
  const { detail } = event;
  switch (event.type) {
    case 'account_created':
      return detail.provider ? `Account created with ${detail.provider}` : 'Account created';
    case 'sign_in':
      return detail.method ? SIGN_IN[detail.method](event) : 'Signed in';
    case 'sign_in_failed':
      return detail.method ? FAILED[detail.method](event) : 'Failed sign-in';
    case 'password_changed':
      return detail.count ? `Password changed; ${devices(detail.count)} signed out` : 'Password changed';
    case 'two_factor_enabled':
      return 'Two-factor authentication turned on';
    case 'two_factor_disabled':
      return 'Two-factor authentication turned off';
    case 'backup_codes_regenerated':
      return 'New backup codes made; the old ones stopped working';
    case 'passkey_added':
      return `Passkey “${detail.deviceName ?? ''}” added`;
    case 'passkey_removed':
      return `Passkey “${detail.deviceName ?? ''}” removed`;
    case 'identity_linked':
      return `${detail.provider ?? 'Identity provider'} account linked`;
    case 'session_revoked':
      return 'A signed-in device was signed out';
    case 'other_sessions_revoked':
      return `${devices(detail.count)} signed out`;
  }
}
