import type { ChangePasswordBody, ChangePasswordResponse } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { AuthUser } from '../http/auth-guard';
import { badRequest } from '../http/errors';
import { updatePasswordHash } from '../repositories/user-passwords.repository';
import { revokeLiveSessions } from '../repositories/user-sessions.repository';
import { assertNotThrottled, clearFailures, throttleKeys } from './login-throttle.service';
import { assertStrongPassword, hashPassword } from './password.service';
import { assertReauthenticated } from './reauthentication.service';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';

/**
 * Changes the password after checking the current one, and signs every other device out: whoever knew
 * the old password may be signed in somewhere.
 */
export async function changePassword(
  ctx: AppContext,
  user: AuthUser,
  sessionId: number,
  body: ChangePasswordBody,
  meta: RequestMeta,
): Promise<ChangePasswordResponse> {
  const throttle = throttleKeys.reauth(ctx, user.id);
  await assertNotThrottled(ctx, [throttle]);
  await assertReauthenticated(ctx, user.id, sessionId, body.currentPassword);
  if (body.currentPassword && body.newPassword === body.currentPassword) {
    throw badRequest('The new password must differ from the current one', 'same_password');
  }
  assertStrongPassword(body.newPassword, user);
  const passwordHash = await hashPassword(body.newPassword);
  const otherSessionsRevoked = await ctx.db.transaction().execute(async (trx) => {
    const at = new Date();
    await updatePasswordHash(trx, user.id, passwordHash, at);
    const revoked = await revokeLiveSessions(trx, user.id, { allBut: sessionId }, at);
    await recordSecurityEvent(ctx, user.id, 'password_changed', meta, { count: revoked }, trx);
    return revoked;
  });
  ctx.caches.sessions.forgetUser(user.id);
  await clearFailures(ctx, throttle);
  return { ok: true, otherSessionsRevoked };
}
