import { LoginBody, RegisterBody } from '@fanout/contracts';
import type { z } from 'zod';

/** Field → first message, from a zod result. */
function fieldErrors<T extends string>(result: z.ZodSafeParseResult<unknown>): Partial<Record<T, string>> {
  const errors: Partial<Record<T, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as T | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export type LoginField = 'identifier' | 'password';
export function validateLogin(values: { identifier: string; password: string }) {
  return fieldErrors<LoginField>(LoginBody.safeParse(values));
}

export type SignUpField = 'fullName' | 'email' | 'username' | 'password';
export function validateSignUp(values: Record<SignUpField, string>) {
  return fieldErrors<SignUpField>(RegisterBody.safeParse(values));
}

export const TOTP_PATTERN = /^\d{6}$/;

/** An authenticator code is 6 digits; a backup code only needs to be there (its format is the server's). */
export function validateSecondFactor(code: string, isBackupCode: boolean): string | undefined {
  const trimmed = code.trim();
  if (isBackupCode) return trimmed ? undefined : 'Enter one of your backup codes';
  return TOTP_PATTERN.test(trimmed.replace(/\s/g, ''))
    ? undefined
    : 'Enter the 6-digit code from your authenticator app';
}

export const LOGIN_FAILED = 'Login failed';
export const REGISTRATION_FAILED = 'Registration failed';
