import type { AuthResult, TwoFactorRequired } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { unauthorized } from '../http/errors';
import {
  assertNotThrottled,
  clearFailures,
  isKnownSignInAddress,
  recordFailure,
  rememberKnownSignInAddress,
  throttleKeys,
} from './login-throttle.service';
import { codeRefusalMessage, findEnabledTwoFactor, useSecondFactorCode } from './second-factor.service';
import { recordSecurityEvent, type RequestMeta, type SecurityEventDetail } from './security-events.service';
import { createSession } from './session.service';
import { toUser } from './users.service';

export interface PasswordSignIn {
  /** Counts a wrong password against the account and the client address. */
  failed(): Promise<void>;
  /**
   * After a correct password: undefined when the sign-in may finish, `{requires2FA, userId}` when the account
   * wants a code and none was sent. Throws 401 on a wrong or reused code (and counts it as a failure).
   */
  secondFactor(body: { twoFactorToken?: string; isBackupCode?: boolean }): Promise<TwoFactorRequired | undefined>;
  /** Resets the account's failure count, records the sign-in and issues the session. */
  succeeded(user: UserRow): Promise<AuthResult>;
}

/**
 * Wraps one password sign-in attempt in the throttling and two-factor rules. Throws 429 first when the
 * account or the address is over its limit, before the password is even checked.
 */
export async function beginPasswordSignIn(
  ctx: AppContext,
  attempt: { identifier: string; userId: number | undefined },
  meta: RequestMeta,
): Promise<PasswordSignIn> {
  const account = throttleKeys.loginAccount(ctx, attempt.userId, attempt.identifier);
  const address = throttleKeys.loginIp(ctx, meta.ip);
  const own =
    attempt.userId !== undefined && meta.ip
      ? throttleKeys.loginAccountAtAddress(ctx, attempt.userId, meta.ip)
      : undefined;
  // From an address the account signed in from before, only that address's own failures count against it.
  const known = own !== undefined && (await isKnownSignInAddress(ctx, attempt.userId!, meta.ip!));
  const keys = own ? [account, own, address] : [account, address];
  await assertNotThrottled(ctx, known ? [own, address] : [account, address]);
  let method: SecurityEventDetail['method'] = 'password';

  return {
    async failed() {
      await recordFailure(ctx, keys);
      if (attempt.userId !== undefined) await recordSignInFailure(ctx, attempt.userId, meta, { method: 'password' });
    },
    async secondFactor(body) {
      if (attempt.userId === undefined) return undefined;
      const row = await findEnabledTwoFactor(ctx, attempt.userId);
      if (!row) return undefined;
      if (!body.twoFactorToken) return { requires2FA: true, userId: attempt.userId };
      const check = await useSecondFactorCode(ctx, row, body.twoFactorToken, body.isBackupCode ? 'backup' : 'either');
      if (!check.ok) {
        await recordFailure(ctx, keys);
        const method = body.isBackupCode ? 'backup_code' : 'two_factor';
        await recordSignInFailure(ctx, attempt.userId, meta, { method });
        throw unauthorized(codeRefusalMessage(check.reason), 'invalid_two_factor_code');
      }
      method = check.method;
      return undefined;
    },
    async succeeded(user) {
      if (own) await clearFailures(ctx, own);
      // A sign-in let past the account's count leaves that count to the addresses that built it up.
      if (!known) await clearFailures(ctx, account);
      return finishSignIn(ctx, user, meta, { method });
    },
  };
}

/**
 * A new session for the user and what every way in answers with: its token and the user. `db` is a
 * transaction where the account is created in the same step (sign-up).
 */
export async function issueSession(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  db = ctx.db,
): Promise<AuthResult> {
  const token = await createSession(ctx, user.id, meta, db);
  return { token, user: toUser(user) };
}

/** The end of every sign-in (password, passkey, identity provider): a session and a security event. */
export async function finishSignIn(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  detail: SecurityEventDetail,
): Promise<AuthResult> {
  const result = await issueSession(ctx, user, meta);
  await recordSecurityEvent(ctx, user.id, 'sign_in', meta, detail);
  if (meta.ip) await rememberKnownSignInAddress(ctx, user.id, meta.ip);
  return result;
}

/**
 * A failed attempt on an existing account (wrong password, wrong code, a passkey that did not verify): a
 * warning in the log and a line on the account's Activity screen, so its owner sees someone trying. Never
 * the secret that was tried. Attempts refused by the lockout are not recorded, which bounds the count.
 */
export async function recordSignInFailure(
  ctx: AppContext,
  userId: number,
  meta: RequestMeta,
  detail: SecurityEventDetail,
): Promise<void> {
  ctx.log.warn({ userId, method: detail.method, ip: meta.ip }, 'sign-in failed');
  await recordSecurityEvent(ctx, userId, 'sign_in_failed', meta, detail);
}
