import {
  REAUTHENTICATION_REQUIRED,
  REAUTHENTICATION_WINDOW_MINUTES,
  type ReauthenticateResponse,
} from '@fanout/contracts';
import type { AppContext } from '../context';
import type { SessionRow } from '../db/schema';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { findUserById } from '../repositories/users.repository';
import { findUserSession, markSessionReauthenticated } from '../repositories/user-sessions.repository';
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from './login-throttle.service';
import { verifyPassword } from './password.service';

/**
 * How long a session counts as recently authenticated after its sign-in or after its password was confirmed
 * (POST /auth/reauthenticate). Accounts without a password can only renew it by signing in again.
 */
const RECENT_AUTHENTICATION_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/** The moment the session stops counting as recently authenticated (ms since the epoch). */
function recentUntil(session: SessionRow): number {
  const signedIn = new Date(session.created_at).getTime();
  const confirmed = session.reauthenticated_at ? new Date(session.reauthenticated_at).getTime() : 0;
  return Math.max(signedIn, confirmed) + RECENT_AUTHENTICATION_MS;
}

const signInAgain = () => forbidden('Sign in again to confirm it is you, then try again', REAUTHENTICATION_REQUIRED);
const confirmPassword = () =>
  forbidden('Confirm it is you: enter your password, then try again', REAUTHENTICATION_REQUIRED);

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
): Promise<'password' | 'recent_sign_in'> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.password_hash) {
    if (await verifyPassword(user.password_hash, password)) return 'password';
    await recordFailure(ctx, [throttleKeys.reauth(ctx, userId)]);
    throw badRequest('The password is not correct', 'invalid_password');
  }
  const session = sessionId === undefined ? undefined : await findUserSession(ctx.db, userId, sessionId);
  if (session && Date.now() - new Date(session.created_at).getTime() < RECENT_AUTHENTICATION_MS) {
    return 'recent_sign_in';
  }
  throw signInAgain();
}

/**
 * "Confirm it's you" (sudo mode) for changes that would give someone holding only a session token a lasting
 * way in: adding or removing a passkey, setting up two-factor. The session must have signed in, or confirmed
 * the password (see reauthenticate), within the last few minutes; else 403 `reauthentication_required`.
 */
export async function assertRecentlyAuthenticated(
  ctx: AppContext,
  userId: number,
  sessionId: number | undefined,
): Promise<void> {
  const session = sessionId === undefined ? undefined : await findUserSession(ctx.db, userId, sessionId);
  if (session && Date.now() < recentUntil(session)) return;
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  throw user.password_hash ? confirmPassword() : signInAgain();
}

/**
 * Confirms the password on this session, which then counts as recently authenticated for the next few
 * minutes. Wrong passwords count towards the same lockout as the other password checks of signed-in screens.
 * An account without a password cannot confirm one: only a new sign-in makes its session recent.
 */
export async function reauthenticate(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  password: string,
): Promise<ReauthenticateResponse> {
  const throttle = throttleKeys.reauth(ctx, userId);
  await assertNotThrottled(ctx, [throttle]);
  const how = await assertReauthenticated(ctx, userId, sessionId, password);
  const now = new Date();
  if (how === 'recent_sign_in') {
    // No password to confirm: the sign-in stays what counts, and its window is not extended.
    const session = await findUserSession(ctx.db, userId, sessionId);
    if (!session) throw unauthorized();
    return { ok: true, until: new Date(recentUntil(session)).toISOString() };
  }
  if (!(await markSessionReauthenticated(ctx.db, userId, sessionId, now))) throw unauthorized();
  await clearFailures(ctx, throttle);
  return { ok: true, until: new Date(now.getTime() + RECENT_AUTHENTICATION_MS).toISOString() };
}
