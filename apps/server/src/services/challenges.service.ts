import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { AuthChallengeRow } from '../db/sign-in-security.schema';
import {
  findChallenge,
  insertChallenge,
  pruneChallenges,
  takeChallenge,
} from '../repositories/auth-challenges.repository';

/**
 * Short-lived, single-use values a client must present back: WebAuthn challenges, OpenID Connect states,
 * the ticket of an identity-provider sign-in that waits for the account's second factor, the OAuth state
 * of a platform connection, and the platform's grant waiting for its starter to confirm it.
 */
export type ChallengePurpose =
  | 'passkey-register'
  | 'passkey-authenticate'
  | 'oidc-state'
  | 'oidc-second-factor'
  | 'platform-connect'
  | 'platform-connect-pending';

/** Long enough for a person to find their phone or security key, short enough to be useless when stolen. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Only a hash of the presented value is stored, so the table cannot be used to answer a challenge. */
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

export async function storeChallenge(
  ctx: AppContext,
  c: { purpose: ChallengePurpose; key: string; challenge: string; userId?: number; ttlMs?: number },
): Promise<void> {
  const now = new Date();
  await pruneChallenges(ctx.db, now);
  await insertChallenge(ctx.db, {
    keyHash: keyHash(c.key),
    purpose: c.purpose,
    userId: c.userId ?? null,
    challenge: c.challenge,
    expiresAt: new Date(now.getTime() + (c.ttlMs ?? CHALLENGE_TTL_MS)),
  });
}

/** The stored challenge for `key`, removed so it cannot be used again; undefined when unknown or expired. */
export async function useChallenge(
  ctx: AppContext,
  purpose: ChallengePurpose,
  key: string,
): Promise<AuthChallengeRow | undefined> {
  const row = await takeChallenge(ctx.db, keyHash(key), purpose);
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
  return row;
}

/** The stored challenge for `key`, left in place; undefined when unknown or expired. */
export async function peekChallenge(
  ctx: AppContext,
  purpose: ChallengePurpose,
  key: string,
): Promise<AuthChallengeRow | undefined> {
  const row = await findChallenge(ctx.db, keyHash(key), purpose);
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
  return row;
}

/**
 * Puts back a challenge taken with useChallenge, unchanged and with its original expiry, so that it can be
 * presented once more (after a wrong code, say). Whoever takes it next is again the only one to get it.
 */
export async function restoreChallenge(ctx: AppContext, row: AuthChallengeRow): Promise<void> {
  await insertChallenge(ctx.db, {
    keyHash: row.key_hash,
    purpose: row.purpose,
    userId: row.user_id,
    challenge: row.challenge,
    expiresAt: new Date(row.expires_at),
  });
}
