import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One row per user who has started or finished setting up an authenticator app. */
export interface TwoFactorTable {
  user_id: number;
  /** AES-256-GCM, bound to the user id; null until the first code confirms the pending secret. */
  secret_enc: string | null;
  pending_secret_enc: string | null;
  enabled_at: NullableTimestamp;
  /** The newest TOTP time step accepted, so no code is accepted twice. */
  last_used_step: number | null;
  backup_code_salt: string | null;
  updated_at: Timestamp;
}

export interface BackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url */
  credential_id: string;
  /** COSE public key, base64url */
  public_key: string;
  counter: Generated<number>;
  transports: ColumnType<string[], string | undefined, string>;
  user_handle: string;
  device_type: string;
  backed_up: Generated<boolean>;
  device_name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface AuthChallengesTable {
  id: Generated<number>;
  /** sha256 of the value the client presents back (the challenge itself, a challenge key or a state) */
  key_hash: string;
  purpose: string;
  user_id: number | null;
  challenge: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface IdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  detail: ColumnType<Record<string, string | number>, string | undefined, string>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  key: string;
  at: Timestamp;
}

/** An address an account has signed in from (see login-throttle.service). */
export interface KnownSignInAddressesTable {
  user_id: number;
  address: string;
  first_at: Timestamp;
  last_at: Timestamp;
}

export interface SignInSecurityTables {
  two_factor: TwoFactorTable;
  backup_codes: BackupCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  identities: IdentitiesTable;
  security_events: SecurityEventsTable;
  auth_failures: AuthFailuresTable;
  known_sign_in_addresses: KnownSignInAddressesTable;
}

export type TwoFactorRow = Selectable<TwoFactorTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type AuthChallengeRow = Selectable<AuthChallengesTable>;
export type IdentityRow = Selectable<IdentitiesTable>;
export type SecurityEventRow = Selectable<SecurityEventsTable>;
