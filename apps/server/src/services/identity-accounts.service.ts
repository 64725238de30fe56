import { randomBytes } from 'node:crypto';
import { USERNAME_RULE } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import type { UserRow } from '../db/schema';
import { findIdentity, insertIdentity, touchIdentity } from '../repositories/identities.repository';
import { findUserById, findUserByLogin, isUniqueViolation, usernameExists } from '../repositories/users.repository';
import { insertAccount } from './users.service';
import { cutText } from './cut-text';

export interface VerifiedIdentity {
  /** the provider's issuer: subjects are unique per issuer */
  provider: string;
  subject: string;
  /** verified by the provider, lower case */
  email: string;
  name: string;
}

export interface IdentityUserOptions {
  /**
   * Asked about an existing account (found by subject, or by e-mail and about to be linked) before anything
   * is linked or touched: true stops there with `held`, so that the caller can ask for a second factor first.
   */
  holdFor?: (user: UserRow) => Promise<boolean>;
}

export type IdentityUser =
  | { held: false; user: UserRow; linked: boolean; created: boolean }
  /** nothing written; `link`: the account was found by e-mail, and the identity is to be linked to it later */
  | { held: true; user: UserRow; link: boolean };

/**
 * The account for a verified identity: the one it signed in to before (by subject), else the account with
 * that verified e-mail address (linked now), else a new account without a password.
 */
export async function findOrCreateIdentityUser(
  ctx: AppContext,
  identity: VerifiedIdentity,
  options: IdentityUserOptions = {},
): Promise<IdentityUser> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await resolve(ctx, identity, options);
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
  options: IdentityUserOptions,
): Promise<IdentityUser> {
  const at = new Date();
  const known = await findIdentity(ctx.db, identity.provider, identity.subject);
  const knownUser = known && (await findUserById(ctx.db, known.user_id));
  if (known && knownUser) {
    if (await options.holdFor?.(knownUser)) return { held: true, user: knownUser, link: false };
    await touchIdentity(ctx.db, known.id, at);
    return { held: false, user: knownUser, linked: false, created: false };
  }
  const link = { provider: identity.provider, subject: identity.subject, email: identity.email, at };

  // Usernames cannot contain '@', so this finds the account by its e-mail address only.
  const byEmail = await findUserByLogin(ctx.db, identity.email);
  if (byEmail && byEmail.email.toLowerCase() === identity.email) {
    if (await options.holdFor?.(byEmail)) return { held: true, user: byEmail, link: true };
    await insertIdentity(ctx.db, { userId: byEmail.id, ...link });
    return { held: false, user: byEmail, linked: true, created: false };
  }

  const user = await ctx.db.transaction().execute(async (trx) => {
    const localPart = identity.email.split('@')[0] ?? '';
    const row = await insertAccount(trx, {
      email: identity.email,
      username: await freeUsername(trx, localPart),
      passwordHash: null,
      fullName: cutText(identity.name.trim() || localPart, 100),
    });
    await insertIdentity(trx, { userId: row.id, ...link });
    return row;
  });
  return { held: false, user, linked: false, created: true };
}

/**
 * Finishes a held sign-in of account `userId` once it may go on: touches the identity, or links it when
 * `link` and nobody has yet. Undefined when the identity now belongs to another account, or (without `link`)
 * to none any more.
 */
export async function completeHeldIdentity(
  ctx: AppContext,
  userId: number,
  identity: Pick<VerifiedIdentity, 'provider' | 'subject' | 'email'>,
  link: boolean,
): Promise<{ linked: boolean } | undefined> {
  const at = new Date();
  for (let attempt = 0; ; attempt++) {
    const known = await findIdentity(ctx.db, identity.provider, identity.subject);
    if (known) {
      if (known.user_id !== userId) return undefined;
      await touchIdentity(ctx.db, known.id, at);
      return { linked: false };
    }
    if (!link) return undefined;
    try {
      await insertIdentity(ctx.db, { userId, ...identity, at });
      return { linked: true };
    } catch (err) {
      // Two held sign-ins of the same identity finished at once: the loser finds what the winner linked.
      if (attempt < 1 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
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
