import { z } from 'zod';
import { PASSWORD_RULE } from './auth';

/**
 * "Confirm it's you": adding a passkey, removing one and setting up two-factor need a session that signed in,
 * or confirmed the password with POST /auth/reauthenticate, within the last few minutes. Otherwise the server
 * answers 403 with this code, so a stolen session token alone cannot plant a lasting way in.
 */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/** How long a sign-in or a confirmed password counts as recent. */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

export const ReauthenticateBody = z.object({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_RULE.max),
});
export type ReauthenticateBody = z.infer<typeof ReauthenticateBody>;

export const ReauthenticateResponse = z.object({
  ok: z.literal(true),
  /** ISO 8601: until then this session need not confirm it is you again */
  until: z.string(),
});
export type ReauthenticateResponse = z.infer<typeof ReauthenticateResponse>;
