import type { User } from '@fanout/contracts';
import type { UserRow } from '../db/schema';

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
