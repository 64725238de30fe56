import type { Connection, PendingConnectionChoices } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { AppError, badRequest, conflict, forbidden } from '../../http/errors';
import { listConnectionsOfProject } from '../../repositories/connections.repository';
import { getOwnProject } from '../projects.service';
import { platformNames } from '../posts/post-targets';
import { resumeWaitingPosts } from '../publishing/reconnect-wait';
import { platformUnavailable } from './connect.service';
import { toConnection } from './connection-status';
import {
  findPendingConnection,
  takePendingConnection,
  type PendingAccount,
  type PendingConnection,
  type PendingGrant,
} from './pending-connection';
import { saveConnections } from './save-connections';

const expired = () =>
  new AppError(
    410,
    'expired',
    'This connection request has expired or was already used. Nothing was connected: start again with Connect.',
  );

/**
 * The pending grant, for the person who started it only. Presented by someone else (the starter sent them the
 * platform's link), it is dropped unopened and nothing is stored, so neither of them can connect it afterwards.
 */
async function startersPending(ctx: AppContext, userId: number, id: string): Promise<PendingConnection> {
  const pending = await findPendingConnection(ctx, id);
  if (!pending) {
    // An expired grant goes as it is read, as taking it would.
    await takePendingConnection(ctx, id);
    throw expired();
  }
  if (pending.userId !== userId) {
    await takePendingConnection(ctx, id);
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
  return pending;
}

/**
 * GET /api/connections/pending/:id: the accounts the grant may connect, each with the project's connection of it
 * when there is one already. The grant stays pending for the confirmation.
 */
export async function pendingChoices(ctx: AppContext, userId: number, id: string): Promise<PendingConnectionChoices> {
  const pending = await startersPending(ctx, userId, id);
  await getOwnProject(ctx, userId, pending.projectId);
  const grant = pending.openGrant();
  const existing = (await listConnectionsOfProject(ctx.db, pending.projectId)).filter(
    (row) => row.platform === pending.platform && row.sandbox === grant.sandbox,
  );
  return {
    platform: pending.platform,
    accounts: grant.accounts.map(({ profile }) => ({
      accountId: profile.accountId,
      accountName: profile.name,
      avatarUrl: profile.avatarUrl,
      connectionId: existing.find((row) => row.account_id === profile.accountId)?.id ?? null,
    })),
  };
}

/**
 * The accounts asked for. A grant of one account needs no choice; a grant of several needs one (409
 * `choose_accounts`, the grant left pending); an account the grant does not hold is 400 `unknown_account`.
 */
function chosenAccounts(platform: string, grant: PendingGrant, accountIds?: readonly string[]): PendingAccount[] {
  if (!accountIds) {
    if (grant.accounts.length === 1) return grant.accounts;
    throw conflict(
      `${platformNames([platform])} gave ${grant.accounts.length} accounts: choose which to connect (accountIds; ` +
        'GET /api/connections/pending/{id} lists them). Nothing was connected yet.',
      'choose_accounts',
    );
  }
  const unknown = accountIds.filter((id) => !grant.accounts.some((a) => a.profile.accountId === id));
  if (unknown.length > 0) {
    throw badRequest(
      `This grant cannot connect ${unknown.map((id) => `"${id}"`).join(', ')}: choose among its own accounts`,
      'unknown_account',
    );
  }
  return grant.accounts.filter((a) => accountIds.includes(a.profile.accountId));
}

/**
 * Connects the accounts chosen from a pending grant (all of them when it holds one), for the person who started
 * it only. Once the choice is valid the grant is used up, whatever the answer; each account becomes a connection
 * of its own, or renews the project's connection of it (keeping its id). All or none.
 */
export async function confirmPendingConnection(
  ctx: AppContext,
  userId: number,
  id: string,
  accountIds?: readonly string[],
): Promise<Connection[]> {
  const peeked = await startersPending(ctx, userId, id);
  const chosen = chosenAccounts(peeked.platform, peeked.openGrant(), accountIds).map((a) => a.profile.accountId);
  const pending = await takePendingConnection(ctx, id);
  if (!pending) throw expired();
  await getOwnProject(ctx, userId, pending.projectId);
  const grant = pending.openGrant();
  // The grant came from the live platform or from the sandbox: it is stored only where it came from.
  if (ctx.platforms.get(pending.platform)?.sandbox !== grant.sandbox) throw platformUnavailable(pending.platform);
  const accounts = grant.accounts.filter((a) => chosen.includes(a.profile.accountId));
  const saved: PlatformConnectionRow[] = await saveConnections(ctx, pending, grant.sandbox, accounts);
  // Posts that waited for these accounts to be reconnected were made due by the save; send them now rather than
  // at the next minute's sweep.
  for (const row of saved) await resumeWaitingPosts(ctx, row.id);
  return saved.map((row) => toConnection(row));
}
