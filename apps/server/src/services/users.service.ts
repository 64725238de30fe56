import { PROJECT_COLOR_PAIRS, TimeZone, type UpdateMeBody, type User } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import type { UserRow } from '../db/schema';
import { badRequest, unauthorized } from '../http/errors';
import { insertProject } from '../repositories/projects.repository';
import { insertUser, updateUserSettings, type NewUser } from '../repositories/users.repository';

/** Every account starts with one workspace, so the app never opens on an empty project list. */
export const FIRST_PROJECT = { name: 'My Project', initials: 'MP' } as const;

/** A new account with its first project; `db` is the transaction the account is created in. */
export async function insertAccount(db: DB, user: NewUser): Promise<UserRow> {
  const row = await insertUser(db, user);
  const [color1, color2] = PROJECT_COLOR_PAIRS[0]!;
  await insertProject(db, { userId: row.id, ...FIRST_PROJECT, color1, color2, timeZone: row.time_zone });
  return row;
}

/** A time-zone name from a request, spelt as the platform lists it; 400 `invalid_time_zone` if unknown. */
export function parseTimeZone(text: string): string {
  const parsed = TimeZone.safeParse(text);
  if (!parsed.success) {
    throw badRequest(
      `Unknown time zone "${text.slice(0, 100)}": choose an IANA name such as Europe/Berlin`,
      'invalid_time_zone',
    );
  }
  return parsed.data;
}

/** The user's own settings; a new zone is the user's only: projects keep the zone they were created with. */
export async function updateSettings(ctx: AppContext, userId: number, body: UpdateMeBody): Promise<User> {
  const row = await updateUserSettings(ctx.db, userId, {
    ...(body.timeZone !== undefined ? { timeZone: parseTimeZone(body.timeZone) } : {}),
    askBeforeLivePublish: body.askBeforeLivePublish,
  });
  if (!row) throw unauthorized();
  return toUser(row);
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
    timeZone: row.time_zone,
    askBeforeLivePublish: row.ask_before_live_publish,
    createdAt: toIsoString(row.created_at),
  };
}
