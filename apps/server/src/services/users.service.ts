import { PROJECT_COLOR_PAIRS, type User } from '@fanout/contracts';
import type { DB } from '../db/database';
import type { UserRow } from '../db/schema';
import { insertProject } from '../repositories/projects.repository';
import { insertUser, type NewUser } from '../repositories/users.repository';

/** Every account starts with one workspace, so the app never opens on an empty project list. */
export const FIRST_PROJECT = { name: 'My Project', initials: 'MP' } as const;

/** A new account with its first project; `db` is the transaction the account is created in. */
export async function insertAccount(db: DB, user: NewUser): Promise<UserRow> {
  const row = await insertUser(db, user);
  const [color1, color2] = PROJECT_COLOR_PAIRS[0]!;
  await insertProject(db, { userId: row.id, ...FIRST_PROJECT, color1, color2 });
  return row;
}

/** Timestamps arrive as Date objects from both drivers; typed loosely by the schema helpers. */
export function toIsoString(value: unknown): string {
  return new Date(value as Date | string).toISOString();
}

/** The public shape of a user: never the password hash or any other secret. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    createdAt: toIsoString(row.created_at),
  };
}
