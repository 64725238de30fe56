import { randomBytes } from 'node:crypto';
import { USERNAME_RULE } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import type { UserRow } from '../db/schema';
import { findIdentity, insertIdentity, touchIdentity } from '../repositories/identities.repository';
import { findUserById, findUserByLogin, isUniqueViolation, usernameExists } from '../repositories/users.repository';
import { insertAccount } from './users.service';

export interface VerifiedIdentity {
  /** the provider's issuer: subjects are unique per issuer */
  provider: string;
  subject: string;
  /** verified by the provider, lower case */
  email: string;
  name: string;
}

/**
 * The account for a verified identity: the one it signed in to before (by subject), else the account with
 * that verified e-mail address (linked now), else a new account without a password.
 */
export async function findOrCreateIdentityUser(
  ctx: AppContext,
  identity: VerifiedIdentity,
): Promise<{ user: UserRow; linked: boolean; created: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await resolve(ctx, identity);
    } catch (err) {
      // Two first sign-ins at once: the loser finds what the winner created.
      if (attempt < 2 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function resolve(
  ctx: AppContext,
  identity: VerifiedIdentity,
): Promise<{ user: UserRow; linked: boolean; created: boolean }> {
  const at = new Date();
  const known = await findIdentity(ctx.db, identity.provider, identity.subject);
  const knownUser = known && (await findUserById(ctx.db, known.user_id));
  if (known && knownUser) {
    await touchIdentity(ctx.db, known.id, at);
    return { user: knownUser, linked: false, created: false };
  }
  const link = { provider: identity.provider, subject: identity.subject, email: identity.email, at };

  // Usernames cannot contain '@', so this finds the account by its e-mail address only.
  const byEmail = await findUserByLogin(ctx.db, identity.email);
  if (byEmail && byEmail.email.toLowerCase() === identity.email) {
    await insertIdentity(ctx.db, { userId: byEmail.id, ...link });
    return { user: byEmail, linked: true, created: false };
  }

  const user = await ctx.db.transaction().execute(async (trx) => {
    const localPart = identity.email.split('@')[0] ?? '';
    const row = await insertAccount(trx, {
      email: identity.email,
      username: await freeUsername(trx, localPart),
      passwordHash: null,
      fullName: (identity.name.trim() || localPart).slice(0, 100),
    });
    await insertIdentity(trx, { userId: row.id, ...link });
    return row;
  });
  return { user, linked: false, created: true };
}

/** A username from the e-mail's local part that follows the sign-up rules and is not taken. */
async function freeUsername(db: DB, localPart: string): Promise<string> {
  let base = localPart
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, USERNAME_RULE.max - 5);
  if (base.length < USERNAME_RULE.min) base = `user${base}`;
  if (!(await usernameExists(db, base))) return base;
  for (let i = 0; i < 5; i++) {
    const candidate = `${base}-${randomBytes(2).toString('hex')}`;
    if (!(await usernameExists(db, candidate))) return candidate;
  }
  return `${base.slice(0, USERNAME_RULE.max - 9)}-${randomBytes(4).toString('hex')}`;
}
