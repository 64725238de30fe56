import type { AppContext } from '../context';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { findUserById } from '../repositories/users.repository';
import { findUserSession } from '../repositories/user-sessions.repository';
import { recordFailure, throttleKeys } from './login-throttle.service';
import { verifyPassword } from './password.service';

/** How recent a sign-in must be to stand in for a password on accounts that have none. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * Sensitive changes ask the person to prove it is them again: the password, or for accounts created through
 * an identity provider (no password), a sign-in within the last few minutes. A wrong password is a 400,
 * not a 401: the session itself is fine and the client must not sign the person out.
 */
export async function assertReauthenticated(
  ctx: AppContext,
  userId: number,
  sessionId: number | undefined,
  password: string,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.password_hash) {
    if (await verifyPassword(user.password_hash, password)) return;
    await recordFailure(ctx, [throttleKeys.reauth(ctx, userId)]);
    throw badRequest('The password is not correct', 'invalid_password');
  }
  const session = sessionId === undefined ? undefined : await findUserSession(ctx.db, userId, sessionId);
  if (session && Date.now() - new Date(session.created_at).getTime() < FRESH_SIGN_IN_MS) return;
  throw forbidden('Sign in again to confirm it is you, then try again', 'reauthentication_required');
}
