import type {
  BackupCodesResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@fanout/contracts';
import QRCode from 'qrcode';
import type { AppContext } from '../context';
import type { AuthUser } from '../http/auth-guard';
import { badRequest, conflict } from '../http/errors';
import { countUnusedBackupCodes, deleteBackupCodes, replaceBackupCodes } from '../repositories/backup-codes.repository';
import {
  activateTwoFactor,
  deleteTwoFactor,
  findTwoFactor,
  savePendingSecret,
  setBackupCodeSalt,
} from '../repositories/two-factor.repository';
import { hashBackupCode, newBackupCodeSalt, newBackupCodes } from './backup-codes.service';
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from './login-throttle.service';
import { assertReauthenticated } from './reauthentication.service';
import {
  codeRefusalMessage,
  findEnabledTwoFactor,
  totpSecretContext,
  useSecondFactorCode,
} from './second-factor.service';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp.service';

const alreadyOn = () => conflict('Two-factor authentication is already on', 'two_factor_already_enabled');
const notOn = () => conflict('Two-factor authentication is not on', 'two_factor_not_enabled');
const refused = (reason: 'invalid' | 'used') => badRequest(codeRefusalMessage(reason), 'invalid_two_factor_code');

/** A new secret, pending until a code from it confirms the app was set up (enableTwoFactor). */
export async function startTwoFactorSetup(ctx: AppContext, user: AuthUser): Promise<TwoFactorSetupResponse> {
  if ((await findTwoFactor(ctx.db, user.id))?.enabled_at) throw alreadyOn();
  const secret = newTotpSecret();
  await savePendingSecret(ctx.db, user.id, ctx.secretBox.encrypt(secret, totpSecretContext(user.id)));
  const url = otpauthUrl(secret, ctx.config.productName, user.email);
  return { secret, otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1 }) };
}

export async function enableTwoFactor(
  ctx: AppContext,
  user: AuthUser,
  token: string,
  meta: RequestMeta,
): Promise<TwoFactorEnableResponse> {
  const throttle = throttleKeys.reauth(ctx, user.id);
  await assertNotThrottled(ctx, [throttle]);
  const row = await findTwoFactor(ctx.db, user.id);
  if (row?.enabled_at) throw alreadyOn();
  if (!row?.pending_secret_enc) throw badRequest('Start two-factor setup first', 'two_factor_not_set_up');

  const step = matchTotpStep(ctx.secretBox.decrypt(row.pending_secret_enc, totpSecretContext(user.id)), token);
  if (step === null) {
    await recordFailure(ctx, [throttle]);
    throw refused('invalid');
  }
  const backupCodes = newBackupCodes();
  const salt = newBackupCodeSalt();
  await ctx.db.transaction().execute(async (trx) => {
    const at = new Date();
    const activated = await activateTwoFactor(trx, {
      userId: user.id,
      pendingSecretEnc: row.pending_secret_enc!,
      step,
      backupCodeSalt: salt,
      at,
    });
    if (!activated) throw conflict('Two-factor setup changed meanwhile. Start again', 'two_factor_setup_changed');
    await replaceBackupCodes(
      trx,
      user.id,
      backupCodes.map((c) => hashBackupCode(ctx.secretBox, salt, c)),
    );
    await recordSecurityEvent(ctx, user.id, 'two_factor_enabled', meta, {}, trx);
  });
  await clearFailures(ctx, throttle);
  return { enabled: true, backupCodes };
}

export async function twoFactorStatus(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const row = await findEnabledTwoFactor(ctx, userId);
  return { enabled: !!row, backupCodesRemaining: row ? await countUnusedBackupCodes(ctx.db, userId) : 0 };
}

/** Needs the password (see reauthentication) and a current code or an unused backup code. */
export async function disableTwoFactor(
  ctx: AppContext,
  user: AuthUser,
  sessionId: number | undefined,
  body: { token: string; password: string },
  meta: RequestMeta,
): Promise<{ enabled: false }> {
  const throttle = throttleKeys.reauth(ctx, user.id);
  await assertNotThrottled(ctx, [throttle]);
  const row = await findEnabledTwoFactor(ctx, user.id);
  if (!row) throw notOn();
  await assertReauthenticated(ctx, user.id, sessionId, body.password);
  const check = await useSecondFactorCode(ctx, row, body.token, 'either');
  if (!check.ok) {
    await recordFailure(ctx, [throttle]);
    throw refused(check.reason);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteBackupCodes(trx, user.id);
    await deleteTwoFactor(trx, user.id);
    await recordSecurityEvent(ctx, user.id, 'two_factor_disabled', meta, {}, trx);
  });
  await clearFailures(ctx, throttle);
  return { enabled: false };
}

/** A fresh set of ten; the old ones stop working. Needs a current code (or an unused backup code). */
export async function regenerateBackupCodes(
  ctx: AppContext,
  user: AuthUser,
  token: string,
  meta: RequestMeta,
): Promise<BackupCodesResponse> {
  const throttle = throttleKeys.reauth(ctx, user.id);
  await assertNotThrottled(ctx, [throttle]);
  const row = await findEnabledTwoFactor(ctx, user.id);
  if (!row) throw notOn();
  const check = await useSecondFactorCode(ctx, row, token, 'either');
  if (!check.ok) {
    await recordFailure(ctx, [throttle]);
    throw refused(check.reason);
  }
  const backupCodes = newBackupCodes();
  const salt = newBackupCodeSalt();
  await ctx.db.transaction().execute(async (trx) => {
    await setBackupCodeSalt(trx, user.id, salt);
    await replaceBackupCodes(
      trx,
      user.id,
      backupCodes.map((c) => hashBackupCode(ctx.secretBox, salt, c)),
    );
    await recordSecurityEvent(ctx, user.id, 'backup_codes_regenerated', meta, {}, trx);
  });
  await clearFailures(ctx, throttle);
  return { backupCodes };
}
