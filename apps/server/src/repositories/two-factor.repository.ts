import type { DB } from '../db/database';
import type { TwoFactorRow } from '../db/sign-in-security.schema';

export async function findTwoFactor(db: DB, userId: number): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePendingSecret(db: DB, userId: number, pendingSecretEnc: string): Promise<void> {
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, pending_secret_enc: pendingSecretEnc, secret_enc: null, enabled_at: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pending_secret_enc: pendingSecretEnc, updated_at: new Date() }),
    )
    .execute();
}

/** Turns the pending secret into the active one, unless another request changed it meanwhile. */
export async function activateTwoFactor(
  db: DB,
  change: { userId: number; pendingSecretEnc: string; step: number; backupCodeSalt: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set((eb) => ({
      secret_enc: eb.ref('pending_secret_enc'),
      pending_secret_enc: null,
      enabled_at: change.at,
      last_used_step: change.step,
      backup_code_salt: change.backupCodeSalt,
      updated_at: change.at,
    }))
    .where('user_id', '=', change.userId)
    .where('pending_secret_enc', '=', change.pendingSecretEnc)
    .where('enabled_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a TOTP time step as used. Only a step newer than the last one used is accepted, in one
 * statement, so two requests racing with the same code cannot both succeed.
 */
export async function consumeTotpStep(db: DB, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setBackupCodeSalt(db: DB, userId: number, salt: string): Promise<void> {
  await db.updateTable('two_factor').set({ backup_code_salt: salt }).where('user_id', '=', userId).execute();
}

export async function deleteTwoFactor(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}
