/** The second sign-in factor's code rules; no dependencies, so the app shell can carry them. */

export const TOTP_PATTERN = /^\d{6}$/;

/** An authenticator code is 6 digits; a backup code only needs to be there (its format is the server's). */
export function validateSecondFactor(code: string, isBackupCode: boolean): string | undefined {
  const trimmed = code.trim();
  if (isBackupCode) return trimmed ? undefined : 'Enter one of your backup codes';
  return TOTP_PATTERN.test(trimmed.replace(/\s/g, ''))
    ? undefined
    : 'Enter the 6-digit code from your authenticator app';
}
