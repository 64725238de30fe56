import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { UserRow } from '../db/schema';

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string | null;
  fullName: string;
  /** IANA zone; the column's default ('UTC') when left out. */
  timeZone?: string;
}

export async function insertUser(db: DB, user: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      email: user.email,
      username: user.username,
      password_hash: user.passwordHash,
      full_name: user.fullName,
      ...(user.timeZone !== undefined ? { time_zone: user.timeZone } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Locks the user's row until the surrounding transaction ends: decisions about one user's account that
 * must not interleave (does this video still fit the quota?) take turns.
 */
export async function lockUser(db: DB, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export interface UserSettings {
  timeZone?: string;
  askBeforeLivePublish?: boolean;
}

export async function updateUserSettings(db: DB, userId: number, settings: UserSettings): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      ...(settings.timeZone !== undefined ? { time_zone: settings.timeZone } : {}),
      ...(settings.askBeforeLivePublish !== undefined
        ? { ask_before_live_publish: settings.askBeforeLivePublish }
        : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function findUserById(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Matches the username or the e-mail address, ignoring case (both are unique on lower()). */
export async function findUserByLogin(db: DB, identifier: string): Promise<UserRow | undefined> {
  const needle = identifier.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', needle), eb(sql`lower(username)`, '=', needle)]))
    .orderBy('id')
    .executeTakeFirst();
}

export async function emailExists(db: DB, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function usernameExists(db: DB, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** PostgreSQL's unique_violation, raised by both drivers when two sign-ups race for one name. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
