import type { DB } from '../db/database';
import type { PasskeyRow } from '../db/sign-in-security.schema';

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  userHandle: string;
  deviceType: string;
  backedUp: boolean;
  deviceName: string;
}

export async function insertPasskey(db: DB, p: NewPasskey): Promise<PasskeyRow> {
  return db
    .insertInto('passkeys')
    .values({
      user_id: p.userId,
      credential_id: p.credentialId,
      public_key: p.publicKey,
      counter: p.counter,
      transports: JSON.stringify(p.transports),
      user_handle: p.userHandle,
      device_type: p.deviceType,
      backed_up: p.backedUp,
      device_name: p.deviceName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPasskeys(db: DB, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findPasskeyByCredentialId(db: DB, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/**
 * Stores the authenticator's new signature counter, only if nobody else has moved it since it was read:
 * two sign-ins racing with one counter value cannot both succeed.
 */
export async function recordPasskeyUse(
  db: DB,
  use: { id: number; expectedCounter: number; newCounter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('passkeys')
    .set({ counter: use.newCounter, backed_up: use.backedUp, last_used_at: use.at })
    .where('id', '=', use.id)
    .where('counter', '=', use.expectedCounter)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function renamePasskey(
  db: DB,
  userId: number,
  id: number,
  deviceName: string,
): Promise<PasskeyRow | undefined> {
  return db
    .updateTable('passkeys')
    .set({ device_name: deviceName })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePasskey(db: DB, userId: number, id: number): Promise<PasskeyRow | undefined> {
  return db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}
