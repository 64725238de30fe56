import type { Passkey } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { PasskeyRow } from '../db/sign-in-security.schema';
import type { AuthUser } from '../http/auth-guard';
import { notFound } from '../http/errors';
import { deletePasskey, listPasskeys, renamePasskey } from '../repositories/passkeys.repository';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';

/** How long the browser waits for the person; the stored challenge lives a little longer. */
export const WEBAUTHN_TIMEOUT_MS = 120_000;

/** The site passkeys are bound to: PUBLIC_URL's host name and origin. */
export function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: ctx.config.productName };
}

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    deviceName: row.device_name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export async function passkeysOf(ctx: AppContext, userId: number): Promise<Passkey[]> {
  return (await listPasskeys(ctx.db, userId)).map(toPasskey);
}

export async function renameUserPasskey(ctx: AppContext, userId: number, id: number, name: string): Promise<Passkey> {
  const row = await renamePasskey(ctx.db, userId, id, name);
  if (!row) throw notFound('Passkey');
  return toPasskey(row);
}

export async function removeUserPasskey(ctx: AppContext, user: AuthUser, id: number, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deletePasskey(trx, user.id, id);
    if (!removed) throw notFound('Passkey');
    await recordSecurityEvent(ctx, user.id, 'passkey_removed', meta, { deviceName: removed.device_name }, trx);
  });
}
