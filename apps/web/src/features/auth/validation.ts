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

export { TOTP_PATTERN, validateSecondFactor } from './second-factor-code';

export const LOGIN_FAILED = 'Login failed';
export const REGISTRATION_FAILED = 'Registration failed';
