import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { findConnectionForUpdate, upsertConnection } from '../../repositories/connections.repository';
import { connectionConnected } from '../activity/activity-moments';
import { sealAccessToken, sealRefreshToken } from './connection-tokens';
import type { PendingAccount, PendingBinding } from './pending-connection';

/**
 * Stores the accounts of a grant in one transaction, each as the project's connection of that account: a new
 * row for an account the project did not have, the same row (same id, so posts waiting for its reconnect go
 * out: migration 0027) for one it had. Connecting the same account again keeps a stored refresh token the new
 * grant did not replace (platforms often send one only on the first consent).
 */
export async function saveConnections(
  ctx: AppContext,
  binding: PendingBinding,
  sandbox: boolean,
  accounts: readonly PendingAccount[],
): Promise<PlatformConnectionRow[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const saved: PlatformConnectionRow[] = [];
    for (const { tokens, profile } of accounts) {
      const owner = { projectId: binding.projectId, platform: binding.platform, accountId: profile.accountId };
      const previous = await findConnectionForUpdate(trx, binding.projectId, binding.platform, profile.accountId);
      const keep =
        !tokens.refreshToken && previous?.sandbox === sandbox && previous.refresh_token_enc ? previous : undefined;
      const row = await upsertConnection(trx, {
        userId: binding.userId,
        projectId: binding.projectId,
        platform: binding.platform,
        accountId: profile.accountId,
        accountName: profile.name,
        avatarUrl: profile.avatarUrl,
        sandbox,
        scopes: tokens.scopes,
        accessTokenEnc: sealAccessToken(ctx.secretBox, owner, tokens.accessToken),
        refreshTokenEnc: keep ? keep.refresh_token_enc : sealRefreshToken(ctx.secretBox, owner, tokens.refreshToken),
        expiresAt: tokens.expiresAt ?? null,
        refreshExpiresAt: keep ? keep.refresh_expires_at : (tokens.refreshExpiresAt ?? null),
        extra: profile.extra ?? {},
      });
      await connectionConnected(trx, row, binding.userId);
      saved.push(row);
    }
    return saved;
  });
}
