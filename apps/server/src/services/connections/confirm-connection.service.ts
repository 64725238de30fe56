import type { Connection } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { AppError, forbidden } from '../../http/errors';
import { findConnectionForUpdate, upsertConnection } from '../../repositories/connections.repository';
import { connectionConnected } from '../activity/activity-moments';
import { getOwnProject } from '../projects.service';
import { resumeWaitingPosts } from '../publishing/reconnect-wait';
import { platformUnavailable } from './connect.service';
import { toConnection } from './connection-status';
import { sealAccessToken, sealRefreshToken } from './connection-tokens';
import { takePendingConnection, type PendingBinding, type PendingGrant } from './pending-connection';

const expired = () =>
  new AppError(
    410,
    'expired',
    'This connection request has expired or was already used. Nothing was connected: start again with Connect.',
  );

/**
 * Connects a pending grant, for the person who started it only. Whatever the answer, the pending grant is
 * used up: confirmed by someone else (the starter sent them the platform's link), it is dropped unopened and
 * nothing is stored, so neither of them can connect it afterwards.
 */
export async function confirmPendingConnection(ctx: AppContext, userId: number, id: string): Promise<Connection> {
  const pending = await takePendingConnection(ctx, id);
  if (!pending) throw expired();
  if (pending.userId !== userId) {
    ctx.log.warn(
      { platform: pending.platform, startedBy: pending.userId, confirmedBy: userId },
      'a platform connection was approved in the browser of another account than the one that started it: dropped',
    );
    throw forbidden(
      'This connection was started by another Fanout account, so nothing was connected. If someone sent you the ' +
        'link, they were asking for access to your account on the platform.',
      'wrong_account',
    );
  }
  await getOwnProject(ctx, userId, pending.projectId);
  const grant = pending.openGrant();
  // The grant came from the live platform or from the sandbox: it is stored only where it came from.
  if (ctx.platforms.get(pending.platform)?.sandbox !== grant.sandbox) throw platformUnavailable(pending.platform);
  const saved = await saveConnection(ctx, pending, grant);
  // Posts that waited for this account to be reconnected were made due by the save; send them now rather than
  // at the next minute's sweep.
  await resumeWaitingPosts(ctx, saved.id);
  return toConnection(saved);
}

/**
 * Stores the grant, replacing the project's connection to the platform. Connecting the same account again
 * keeps a stored refresh token the new grant did not replace (platforms often send one only on the first
 * consent); another account replaces everything.
 */
async function saveConnection(
  ctx: AppContext,
  binding: PendingBinding,
  { tokens, profile, sandbox }: PendingGrant,
): Promise<PlatformConnectionRow> {
  const owner = { projectId: binding.projectId, platform: binding.platform, accountId: profile.accountId };
  return ctx.db.transaction().execute(async (trx) => {
    const previous = await findConnectionForUpdate(trx, binding.projectId, binding.platform);
    const keep =
      !tokens.refreshToken &&
      previous?.account_id === profile.accountId &&
      previous.sandbox === sandbox &&
      previous.refresh_token_enc
        ? previous
        : undefined;
    const saved = await upsertConnection(trx, {
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
    await connectionConnected(trx, saved);
    return saved;
  });
}
