import type { DB } from '../db/database';
import type { AuthChallengeRow } from '../db/sign-in-security.schema';

export interface NewChallenge {
  keyHash: string;
  purpose: string;
  userId: number | null;
  challenge: string;
  expiresAt: Date;
}

export async function insertChallenge(db: DB, c: NewChallenge): Promise<void> {
  await db
    .insertInto('auth_challenges')
    .values({
      key_hash: c.keyHash,
      purpose: c.purpose,
      user_id: c.userId,
      challenge: c.challenge,
      expires_at: c.expiresAt,
    })
    .execute();
}

/**
 * Removes and returns a challenge in one statement: whoever presents it first gets it, a second
 * presentation finds nothing. Expired rows are returned too, so the caller can say which it was.
 */
export async function takeChallenge(db: DB, keyHash: string, purpose: string): Promise<AuthChallengeRow | undefined> {
  return db
    .deleteFrom('auth_challenges')
    .where('key_hash', '=', keyHash)
    .where('purpose', '=', purpose)
    .returningAll()
    .executeTakeFirst();
}

/** A challenge left in place (expired ones too: the caller decides). */
export async function findChallenge(db: DB, keyHash: string, purpose: string): Promise<AuthChallengeRow | undefined> {
  return db
    .selectFrom('auth_challenges')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function pruneChallenges(db: DB, now: Date): Promise<void> {
  await db.deleteFrom('auth_challenges').where('expires_at', '<', now).execute();
}
