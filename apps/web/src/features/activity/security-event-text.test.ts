import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@fanout/contracts';
import { securityEventText } from './security-event-text';

const at = (type: SecurityEvent['type'], detail: SecurityEvent['detail'] = {}): SecurityEvent => ({
  id: 1,
  type,
  detail,
  createdAt: '2026-11-22T09:00:00Z',
  device: 'Chrome on Linux',
  ip: null,
});

describe('security event text', () => {
  it('says how each sign-in happened', () => {
    expect(securityEventText(at('sign_in', { method: 'password' }))).toBe('Signed in with the password');
    expect(securityEventText(at('sign_in', { method: 'backup_code' }))).toBe(
      'Signed in with the password and a backup code',
    );
    expect(securityEventText(at('sign_in', { method: 'passkey', deviceName: 'Pixel' }))).toBe(
      'Signed in with the passkey “Pixel”',
    );
    expect(securityEventText(at('sign_in', { method: 'identity_provider', provider: 'Google' }))).toBe(
      'Signed in with Google',
    );
  });

  it('says what was wrong in a failed sign-in, never what was typed', () => {
    expect(securityEventText(at('sign_in_failed', { method: 'password' }))).toBe('Failed sign-in: wrong password');
    expect(securityEventText(at('sign_in_failed', { method: 'two_factor' }))).toBe(
      'Failed sign-in: right password, wrong authenticator code',
    );
    expect(securityEventText(at('sign_in_failed', { method: 'backup_code' }))).toBe(
      'Failed sign-in: right password, wrong backup code',
    );
    expect(securityEventText(at('sign_in_failed', { method: 'passkey', deviceName: 'Pixel' }))).toBe(
      'Failed sign-in with the passkey “Pixel”',
    );
  });

  it('names the change and counts the devices signed out', () => {
    expect(securityEventText(at('account_created'))).toBe('Account created');
    expect(securityEventText(at('account_created', { provider: 'Google' }))).toBe('Account created with Google');
    expect(securityEventText(at('two_factor_enabled'))).toBe('Two-factor authentication turned on');
    expect(securityEventText(at('two_factor_disabled'))).toBe('Two-factor authentication turned off');
    expect(securityEventText(at('passkey_removed', { deviceName: 'Old phone' }))).toBe('Passkey “Old phone” removed');
    expect(securityEventText(at('other_sessions_revoked', { count: 1 }))).toBe('1 other device signed out');
    expect(securityEventText(at('password_changed', { count: 0 }))).toBe('Password changed');
    expect(securityEventText(at('identity_linked', { provider: 'Google' }))).toBe('Google account linked');
  });
});
