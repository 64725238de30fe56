import { randomBytes } from 'node:crypto';
import type { PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { AccountProfile, TokenSet } from '../../platforms/platform-adapter';
import type { AuthChallengeRow } from '../../db/sign-in-security.schema';
import { peekChallenge, storeChallenge, useChallenge } from '../challenges.service';

/**
 * How long a grant waits for its confirmation. The browser is sent to the confirming page at once, so this
 * only needs to cover a sign-in on the way (a person whose Fanout session had ended).
 */
export const PENDING_CONNECTION_TTL_MS = 10 * 60_000;

/** Who started the connection, for which project and platform. */
export interface PendingBinding {
  userId: number;
  projectId: number;
  platform: PlatformKey;
}

/** One account the grant may connect: its tokens (a Page's own token where its profile says so) and profile. */
export interface PendingAccount {
  tokens: TokenSet;
  profile: Omit<AccountProfile, 'tokens'>;
}

/** What the platform gave: every account the grant may publish as (several Pages of one Facebook user …). */
export interface PendingGrant {
  accounts: PendingAccount[];
  sandbox: boolean;
}

export interface PendingConnection extends PendingBinding {
  /** Opens the sealed grant; only worth doing once the confirming person is known to be the starter. */
  openGrant(): PendingGrant;
}

interface StoredPending {
  projectId: number;
  platform: PlatformKey;
  /** The grant as JSON, sealed: the table alone gives away neither the tokens nor the account. */
  grant: string;
}

type SealedDates = Omit<TokenSet, 'expiresAt' | 'refreshExpiresAt'> & { expiresAt?: string; refreshExpiresAt?: string };
type SealedAccount = Omit<PendingAccount, 'tokens'> & { tokens: SealedDates };
/** As sealed; one stored by the version before several accounts holds a single account at its top level. */
type SealedGrant = { sandbox: boolean } & ({ accounts: SealedAccount[] } | SealedAccount);

const withDates = ({ tokens, profile }: SealedAccount): PendingAccount => ({
  profile,
  tokens: {
    ...tokens,
    expiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : undefined,
    refreshExpiresAt: tokens.refreshExpiresAt ? new Date(tokens.refreshExpiresAt) : undefined,
  },
});

/** Bound to the pending id and its binding: a sealed grant moved to another pending record does not open. */
const grantContext = (id: string, b: PendingBinding) =>
  `platform-connect-pending:${JSON.stringify([id, b.userId, b.projectId, b.platform])}`;

/**
 * Keeps the exchanged grant for its starter to confirm, single use, for 10 minutes. Returns the pending id:
 * 256 random bits, so that it cannot be guessed; only a hash of it is stored (challenges.service.ts).
 * Storing also sweeps every expired challenge, pending grants included.
 */
export async function storePendingConnection(
  ctx: AppContext,
  binding: PendingBinding,
  grant: PendingGrant,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const stored: StoredPending = {
    projectId: binding.projectId,
    platform: binding.platform,
    grant: ctx.secretBox.encrypt(JSON.stringify(grant), grantContext(id, binding)),
  };
  await storeChallenge(ctx, {
    purpose: 'platform-connect-pending',
    key: id,
    challenge: JSON.stringify(stored),
    userId: binding.userId,
    ttlMs: PENDING_CONNECTION_TTL_MS,
  });
  return id;
}

/**
 * The pending grant, removed in the same statement so that it is used once, whoever presents it: undefined
 * when unknown, already taken or expired (an expired one is deleted as it is read).
 */
export async function takePendingConnection(ctx: AppContext, id: string): Promise<PendingConnection | undefined> {
  const row = await useChallenge(ctx, 'platform-connect-pending', id);
  return row ? pendingOf(ctx, id, row) : undefined;
}

/**
 * The pending grant, left in place (its starter chooses among its accounts before confirming): undefined when
 * unknown, already taken or expired.
 */
export async function findPendingConnection(ctx: AppContext, id: string): Promise<PendingConnection | undefined> {
  const row = await peekChallenge(ctx, 'platform-connect-pending', id);
  return row ? pendingOf(ctx, id, row) : undefined;
}

function pendingOf(ctx: AppContext, id: string, row: AuthChallengeRow): PendingConnection | undefined {
  if (row.user_id === null) return undefined;
  const stored = JSON.parse(row.challenge) as StoredPending;
  const binding: PendingBinding = { userId: row.user_id, projectId: stored.projectId, platform: stored.platform };
  return {
    ...binding,
    openGrant() {
      const grant = JSON.parse(ctx.secretBox.decrypt(stored.grant, grantContext(id, binding))) as SealedGrant;
      const accounts = 'accounts' in grant ? grant.accounts : [{ tokens: grant.tokens, profile: grant.profile }];
      return { sandbox: grant.sandbox, accounts: accounts.map(withDates) };
    },
  };
}
