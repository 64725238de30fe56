import { z } from 'zod';
import { AuthResult, Password } from './auth';

/** Sign-in security: two-factor codes, passkeys, identity-provider sign-in, sessions, security events. */

export const BACKUP_CODE_COUNT = 10;

/** A 6-digit authenticator-app code, or a backup code (`xxxxx-xxxxx`). */
export const TwoFactorCode = z.string().trim().min(1, 'Enter the code').max(32);

export const TwoFactorSetupResponse = z.object({
  /** base32, for typing into an authenticator app by hand */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** the otpauth URL as a QR code, a `data:image/png;base64,…` URL */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

export const TwoFactorEnableBody = z.object({ token: TwoFactorCode });
export type TwoFactorEnableBody = z.infer<typeof TwoFactorEnableBody>;

export const TwoFactorEnableResponse = z.object({
  enabled: z.literal(true),
  /** shown once; only their hashes are kept */
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponse>;

export const TwoFactorStatus = z.object({ enabled: z.boolean(), backupCodesRemaining: z.number().int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorDisableBody = z.object({
  /** an authenticator code or an unused backup code */
  token: TwoFactorCode,
  /** the account password (accounts without one: leave empty; a fresh sign-in is required instead) */
  password: z.string().max(128).default(''),
});
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;

export const TwoFactorDisableResponse = z.object({ enabled: z.literal(false) });
export type TwoFactorDisableResponse = z.infer<typeof TwoFactorDisableResponse>;

export const BackupCodesBody = z.object({ token: TwoFactorCode });
export type BackupCodesBody = z.infer<typeof BackupCodesBody>;

export const BackupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodesResponse = z.infer<typeof BackupCodesResponse>;

// ---------- passkeys (WebAuthn) ----------

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** `PublicKeyCredentialCreationOptionsJSON`: pass to `navigator.credentials.create({ publicKey })` after decoding. */
export const PasskeyRegistrationOptions = z
  .looseObject({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z
      .array(z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() }))
      .optional(),
    authenticatorSelection: z.looseObject({}).optional(),
    attestation: z.string().optional(),
  })
  .meta({ id: 'PasskeyRegistrationOptions' });
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptions>;

/** `RegistrationResponseJSON`, as produced by `PublicKeyCredential.toJSON()` or @simplewebauthn/browser. */
export const PasskeyRegistrationResponse = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const PasskeyName = z.string().trim().min(1, 'Name the passkey').max(64, 'At most 64 characters');

export const PasskeyRegisterVerifyBody = z.object({
  response: PasskeyRegistrationResponse,
  /** defaults to the browser and system of the request, e.g. 'Chrome on macOS' */
  deviceName: z.string().trim().max(64, 'At most 64 characters').optional(),
});
export type PasskeyRegisterVerifyBody = z.infer<typeof PasskeyRegisterVerifyBody>;

export const Passkey = z
  .object({
    id: z.number().int(),
    deviceName: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyResponse = z.object({ passkey: Passkey });
export type PasskeyResponse = z.infer<typeof PasskeyResponse>;

export const PasskeyList = z.object({ passkeys: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;

export const PasskeyRenameBody = z.object({ deviceName: PasskeyName });
export type PasskeyRenameBody = z.infer<typeof PasskeyRenameBody>;

/** What the person typed on the sign-in screen; both may be empty (the passkey then names the account). */
export const PasskeyAuthenticateOptionsBody = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
  })
  .nullish();
export type PasskeyAuthenticateOptionsBody = z.infer<typeof PasskeyAuthenticateOptionsBody>;

/** `PublicKeyCredentialRequestOptionsJSON` plus the key to send back with the answer. */
export const PasskeyAuthenticationOptions = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    userVerification: z.string().optional(),
    allowCredentials: z
      .array(z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() }))
      .optional(),
    /** single use, valid for 5 minutes: send it back to /auth/passkey/authenticate/verify */
    challengeKey: z.string(),
  })
  .meta({ id: 'PasskeyAuthenticationOptions' });
export type PasskeyAuthenticationOptions = z.infer<typeof PasskeyAuthenticationOptions>;

/** `AuthenticationResponseJSON` */
export const PasskeyAuthenticationResponse = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const PasskeyAuthenticateVerifyBody = z.object({
  response: PasskeyAuthenticationResponse,
  challengeKey: z.string().min(1).max(128),
});
export type PasskeyAuthenticateVerifyBody = z.infer<typeof PasskeyAuthenticateVerifyBody>;

// ---------- identity provider (OpenID Connect) ----------

export const IdentityProviderStartResponse = z.object({
  /** open this in the window: the provider signs the person in and returns to `redirectUri` */
  authorizationUrl: z.string(),
  /** `{PUBLIC_URL}/login/oidc-callback`; the provider appends `#id_token=…&state=…` */
  redirectUri: z.string(),
  /** send back with the ID token */
  state: z.string(),
  /** for providers' own sign-in widgets (e.g. Google Identity Services `nonce`) */
  nonce: z.string(),
  clientId: z.string(),
});
export type IdentityProviderStartResponse = z.infer<typeof IdentityProviderStartResponse>;

export const IdentityProviderSignInBody = z.object({
  /** the provider's signed ID token (a JWT) */
  credential: z.string().min(1, 'The identity provider did not return a credential').max(16_384),
  /** the `state` from /auth/google/start: the ID token's nonce must be the one issued with it */
  state: z.string().min(1, 'Start the sign-in again').max(128),
});
export type IdentityProviderSignInBody = z.infer<typeof IdentityProviderSignInBody>;

/** The account has two-factor authentication on: nothing is signed in or linked until its code is given. */
export const IdentityProviderTwoFactorRequired = z.object({
  requires2FA: z.literal(true),
  /** single use, 5 minutes: send it back with the code to /auth/google/2fa */
  challengeKey: z.string(),
});
export type IdentityProviderTwoFactorRequired = z.infer<typeof IdentityProviderTwoFactorRequired>;

export const IdentityProviderSignInResult = z.union([AuthResult, IdentityProviderTwoFactorRequired]);
export type IdentityProviderSignInResult = z.infer<typeof IdentityProviderSignInResult>;

export const IdentityProviderTwoFactorBody = z.object({
  /** from the `{requires2FA: true, challengeKey}` answer of /auth/google */
  challengeKey: z.string().min(1, 'Start the sign-in again').max(128),
  /** an authenticator code, or a backup code with `isBackupCode` */
  twoFactorToken: TwoFactorCode,
  isBackupCode: z.boolean().optional(),
});
export type IdentityProviderTwoFactorBody = z.infer<typeof IdentityProviderTwoFactorBody>;

// ---------- sessions ----------

export const SessionInfo = z
  .object({
    id: z.number().int(),
    /** e.g. 'Firefox on Windows', from the user agent */
    device: z.string(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    expiresAt: z.string(),
    /** the session of the token that made this request */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionList = z.object({ sessions: z.array(SessionInfo) });
export type SessionList = z.infer<typeof SessionList>;

export const RevokedSessions = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;

export const ChangePasswordBody = z.object({
  /** accounts created through an identity provider have none: leave empty (a fresh sign-in is required instead) */
  currentPassword: z.string().max(128).default(''),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangePasswordResponse = z.object({
  ok: z.literal(true),
  /** how many other signed-in sessions were ended */
  otherSessionsRevoked: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

// ---------- security events ----------

export const SECURITY_EVENT_TYPES = [
  'account_created',
  'sign_in',
  /** a wrong password or code, or a passkey that did not verify, on this account */
  'sign_in_failed',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'backup_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'identity_linked',
  'session_revoked',
  'other_sessions_revoked',
  'api_token_created',
  'api_token_revoked',
] as const;
export const SecurityEventType = z.enum(SECURITY_EVENT_TYPES);
export type SecurityEventType = z.infer<typeof SecurityEventType>;

export const SIGN_IN_METHODS = ['password', 'two_factor', 'backup_code', 'passkey', 'identity_provider'] as const;

export const SecurityEvent = z
  .object({
    id: z.number().int(),
    type: SecurityEventType,
    createdAt: z.string(),
    /** e.g. 'Chrome on Android' */
    device: z.string(),
    ip: z.string().nullable(),
    detail: z.object({
      /** sign_in: how; sign_in_failed: what was wrong (password, two_factor or backup_code code, passkey) */
      method: z.enum(SIGN_IN_METHODS).optional(),
      /** passkey_added / passkey_removed / sign_in with a passkey */
      deviceName: z.string().optional(),
      /** sign_in with / identity_linked / account_created through: the provider's name */
      provider: z.string().optional(),
      /** other_sessions_revoked / password_changed: how many other sessions ended */
      count: z.number().int().optional(),
      /** api_token_created / api_token_revoked: the token's name */
      tokenName: z.string().optional(),
    }),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof SecurityEvent>;

export const SecurityEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** `nextCursor` of the page before; opaque. */
  cursor: z.string().max(300).optional(),
  /** an event id: only older events (what `cursor` does, kept for existing callers) */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type SecurityEventsQuery = z.infer<typeof SecurityEventsQuery>;

export const SecurityEventList = z.object({
  events: z.array(SecurityEvent),
  /** pass as `cursor` for the next page; null at the end */
  nextCursor: z.string().nullable(),
  /** pass as `before` for the next page; null at the end (the same page as `nextCursor`) */
  nextBefore: z.number().int().nullable(),
});
export type SecurityEventList = z.infer<typeof SecurityEventList>;
