import { z } from 'zod';

export const USERNAME_RULE = {
  min: 3,
  max: 30,
  pattern: /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/,
  message: 'Username may contain letters, digits, ".", "_" and "-", and must start with a letter or digit',
} as const;

export const PASSWORD_RULE = { min: 12, max: 128 } as const;

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));

export const Username = z
  .string()
  .trim()
  .min(USERNAME_RULE.min, `Username must be at least ${USERNAME_RULE.min} characters`)
  .max(USERNAME_RULE.max, `Username must be at most ${USERNAME_RULE.max} characters`)
  .regex(USERNAME_RULE.pattern, USERNAME_RULE.message);

export const Password = z
  .string()
  .min(PASSWORD_RULE.min, `Password must be at least ${PASSWORD_RULE.min} characters`)
  .max(PASSWORD_RULE.max, `Password must be at most ${PASSWORD_RULE.max} characters`);

export const User = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    fullName: z.string(),
    /** IANA zone in which the user enters and reads times; 'UTC' until set. */
    timeZone: z.string(),
    /** "Publish now" to a live (not sandbox) account asks first; the person may turn the question off. */
    askBeforeLivePublish: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const RegisterBody = z.object({
  email: Email,
  username: Username,
  password: Password,
  fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
  /**
   * The browser's zone (Intl.DateTimeFormat().resolvedOptions().timeZone); 'UTC' when left out. Checked
   * against `TimeZone` by the server, which answers 400 `invalid_time_zone` for a name it does not know.
   */
  timeZone: z.string().max(100).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  identifier: z.string().trim().min(1, 'Enter your username or e-mail').max(254),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_RULE.max),
  twoFactorToken: z.string().trim().max(32).optional(),
  isBackupCode: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthResult = z.object({ token: z.string(), user: User });
export type AuthResult = z.infer<typeof AuthResult>;

export const TwoFactorRequired = z.object({ requires2FA: z.literal(true), userId: z.number().int() });
export type TwoFactorRequired = z.infer<typeof TwoFactorRequired>;

export const LoginResult = z.union([AuthResult, TwoFactorRequired]);
export type LoginResult = z.infer<typeof LoginResult>;

export const MeResponse = z.object({ user: User });
export type MeResponse = z.infer<typeof MeResponse>;

/**
 * The user's settings, one or both. `timeZone` must be an IANA name (`TimeZone`); the server answers 400
 * `invalid_time_zone` otherwise.
 */
export const UpdateMeBody = z
  .object({ timeZone: z.string().max(100).optional(), askBeforeLivePublish: z.boolean().optional() })
  .refine((b) => b.timeZone !== undefined || b.askBeforeLivePublish !== undefined, 'Nothing to change');
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;
