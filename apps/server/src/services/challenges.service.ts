import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { AuthChallengeRow } from '../db/sign-in-security.schema';
import { insertChallenge, pruneChallenges, takeChallenge } from '../repositories/auth-challenges.repository';

/** Short-lived, single-use values a client must present back: WebAuthn challenges, OpenID Connect states. */
export type ChallengePurpose = 'passkey-register' | 'passkey-authenticate' | 'oidc-state';

/** Long enough for a person to find their phone or security key, short enough to be useless when stolen. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Only a hash of the presented value is stored, so the table cannot be used to answer a challenge. */
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

export async function storeChallenge(
  ctx: AppContext,
  c: { purpose: ChallengePurpose; key: string; challenge: string; userId?: number },
): Promise<void> {
  const now = new Date();
  await pruneChallenges(ctx.db, now);
  await insertChallenge(ctx.db, {
    keyHash: keyHash(c.key),
    purpose: c.purpose,
    userId: c.userId ?? null,
    challenge: c.challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
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
