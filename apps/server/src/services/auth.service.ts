import type { AuthResult, LoginBody, LoginResult, RegisterBody, User } from '@fanout/contracts';
import type { AppContext } from '../context';
import { conflict, unauthorized } from '../http/errors';
import {
  emailExists,
  findUserById,
  findUserByLogin,
  isUniqueViolation,
  usernameExists,
} from '../repositories/users.repository';
import { assertStrongPassword, hashPassword, verifyPassword } from './password.service';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';
import { beginPasswordSignIn, issueSession } from './sign-in.service';
import { insertAccount, parseTimeZone, toUser } from './users.service';

const INVALID_CREDENTIALS = 'Invalid username/e-mail or password';

async function assertAvailable(ctx: AppContext, email: string, username: string) {
  if (await emailExists(ctx.db, email)) {
    throw conflict('An account with this e-mail address already exists', 'email_taken');
  }
  if (await usernameExists(ctx.db, username)) throw conflict('This username is already taken', 'username_taken');
}

export async function register(ctx: AppContext, body: RegisterBody, meta: RequestMeta): Promise<AuthResult> {
  const timeZone = body.timeZone === undefined ? undefined : parseTimeZone(body.timeZone);
  assertStrongPassword(body.password, body);
  await assertAvailable(ctx, body.email, body.username);
  const passwordHash = await hashPassword(body.password);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await insertAccount(trx, { ...body, passwordHash, timeZone });
      await recordSecurityEvent(ctx, row.id, 'account_created', meta, {}, trx);
      return issueSession(ctx, row, meta, trx);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Someone else took the name between our check and the insert: answer as if the check had caught it.
    await assertAvailable(ctx, body.email, body.username);
    throw err;
  }
}

export async function login(ctx: AppContext, body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
  const row = await findUserByLogin(ctx.db, body.identifier);
  const attempt = await beginPasswordSignIn(ctx, { identifier: body.identifier, userId: row?.id }, meta);
  const ok = await verifyPassword(row?.password_hash, body.password);
  if (!row || !ok) {
    await attempt.failed();
    throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
  }
  const codeNeeded = await attempt.secondFactor(body);
  if (codeNeeded) return codeNeeded;
  return attempt.succeeded(row);
}

export async function getUser(ctx: AppContext, userId: number): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  return toUser(row);
}
