import { PROJECT_COLOR_PAIRS, type LoginBody, type LoginResult, type RegisterBody, type User } from '@fanout/contracts';
import type { AppContext } from '../context';
import { conflict, unauthorized } from '../http/errors';
import { insertProject } from '../repositories/projects.repository';
import {
  emailExists,
  findUserById,
  findUserByLogin,
  insertUser,
  isUniqueViolation,
  usernameExists,
} from '../repositories/users.repository';
import { assertStrongPassword, hashPassword, verifyPassword } from './password.service';
import { createSession } from './session.service';
import { beginPasswordSignIn } from './sign-in.service';
import { toUser } from './users.service';

export interface ClientMeta {
  userAgent?: string;
  ip?: string;
}

export interface AuthOutcome {
  token: string;
  user: User;
}

const INVALID_CREDENTIALS = 'Invalid username/e-mail or password';

/** Every account starts with one workspace, so the app never opens on an empty project list. */
export const FIRST_PROJECT = { name: 'My Project', initials: 'MP' } as const;

async function assertAvailable(ctx: AppContext, email: string, username: string) {
  if (await emailExists(ctx.db, email)) {
    throw conflict('An account with this e-mail address already exists', 'email_taken');
  }
  if (await usernameExists(ctx.db, username)) throw conflict('This username is already taken', 'username_taken');
}

export async function register(ctx: AppContext, body: RegisterBody, meta: ClientMeta): Promise<AuthOutcome> {
  assertStrongPassword(body.password, body);
  await assertAvailable(ctx, body.email, body.username);
  const passwordHash = await hashPassword(body.password);
  const [color1, color2] = PROJECT_COLOR_PAIRS[0]!;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, { ...body, passwordHash });
      await insertProject(trx, { userId: row.id, ...FIRST_PROJECT, color1, color2 });
      const token = await createSession(ctx, row.id, meta, trx);
      return { token, user: toUser(row) };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Someone else took the name between our check and the insert: answer as if the check had caught it.
    await assertAvailable(ctx, body.email, body.username);
    throw err;
  }
}

export async function login(ctx: AppContext, body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
  const row = await findUserByLogin(ctx.db, body.identifier);
  const attempt = await beginPasswordSignIn(ctx, { identifier: body.identifier, userId: row?.id }, meta);
  const ok = await verifyPassword(row?.password_hash, body.password);
  if (!row || !ok) {
    await attempt.failed();
    throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
  }
  const codeNeeded = await attempt.secondFactor(body);
  if (codeNeeded) return codeNeeded;
  const token = await createSession(ctx, row.id, meta);
  await attempt.succeeded();
  return { token, user: toUser(row) };
}

export async function getUser(ctx: AppContext, userId: number): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  return toUser(row);
}
