import type { AppContext } from '../context';
import type { TwoFactorRow } from '../db/sign-in-security.schema';
import { consumeBackupCode } from '../repositories/backup-codes.repository';
import { consumeTotpStep, findTwoFactor } from '../repositories/two-factor.repository';
import { hashBackupCode, isBackupCodeShape } from './backup-codes.service';
import { isTotpCodeShape, matchTotpStep } from './totp.service';

export type SecondFactorMethod = 'two_factor' | 'backup_code';

export type CodeCheck = { ok: true; method: SecondFactorMethod } | { ok: false; reason: 'invalid' | 'used' };

/** TOTP secrets are sealed to their owner: a row copied onto another user does not decrypt. */
export const totpSecretContext = (userId: number) => `two-factor:${userId}`;

export async function findEnabledTwoFactor(ctx: AppContext, userId: number): Promise<TwoFactorRow | undefined> {
  const row = await findTwoFactor(ctx.db, userId);
  return row?.enabled_at && row.secret_enc ? row : undefined;
}

/**
 * Checks and uses up a code of a user with two-factor on: an authenticator code (each time step once),
 * or a backup code (each once). `kind: 'either'` tells them apart by their shape.
 */
export async function useSecondFactorCode(
  ctx: AppContext,
  row: TwoFactorRow,
  code: string,
  kind: 'totp' | 'backup' | 'either',
): Promise<CodeCheck> {
  const asTotp = kind === 'totp' || (kind === 'either' && isTotpCodeShape(code));
  if (asTotp) {
    const secret = ctx.secretBox.decrypt(row.secret_enc ?? '', totpSecretContext(row.user_id));
    const step = matchTotpStep(secret, code);
    if (step === null) return { ok: false, reason: 'invalid' };
    if (!(await consumeTotpStep(ctx.db, row.user_id, step))) return { ok: false, reason: 'used' };
    return { ok: true, method: 'two_factor' };
  }
  if (!isBackupCodeShape(code) || !row.backup_code_salt) return { ok: false, reason: 'invalid' };
  const hash = hashBackupCode(ctx.secretBox, row.backup_code_salt, code);
  if (!(await consumeBackupCode(ctx.db, row.user_id, hash, new Date()))) return { ok: false, reason: 'invalid' };
  return { ok: true, method: 'backup_code' };
}

export function codeRefusalMessage(reason: 'invalid' | 'used'): string {
  return reason === 'used'
    ? 'This code has already been used. Wait for the next code from your authenticator app.'
    : 'That code is not valid. Check your authenticator app or backup code and try again.';
}
