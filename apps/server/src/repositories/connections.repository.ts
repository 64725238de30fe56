import { sql } from 'kysely';
import type { PlatformConnectionRow } from '../db/connections.schema';
import type { DB } from '../db/database';

export interface ConnectionValues {
  userId: number;
  projectId: number;
  platform: string;
  accountId: string;
  accountName: string;
  avatarUrl: string | null;
  sandbox: boolean;
  scopes: string[];
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
  extra: Record<string, string>;
}

export interface RefreshedTokens {
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
}

export async function listConnectionsOfProject(db: DB, projectId: number): Promise<PlatformConnectionRow[]> {
  return db
    .selectFrom('platform_connections')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('connected_at')
    .orderBy('id')
    .execute();
}

export async function findConnection(db: DB, id: number): Promise<PlatformConnectionRow | undefined> {
  return db.selectFrom('platform_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The project's connection of one platform account, locked until the transaction ends (a connect renewing it). */
export async function findConnectionForUpdate(
  trx: DB,
  projectId: number,
  platform: string,
  accountId: string,
): Promise<PlatformConnectionRow | undefined> {
  return trx
    .selectFrom('platform_connections')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('platform', '=', platform)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

/** A connection by id, locked until the transaction ends. */
export async function lockConnection(trx: DB, id: number): Promise<PlatformConnectionRow | undefined> {
  return trx.selectFrom('platform_connections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Stores the project's connection of a platform account: a new row for an account the project has not
 * connected, else the same row renewed (its id kept). A refresh in flight loses its lease, so what it brings
 * back cannot overwrite the new grant.
 */
export async function upsertConnection(db: DB, c: ConnectionValues): Promise<PlatformConnectionRow> {
  const values = {
    user_id: c.userId,
    project_id: c.projectId,
    platform: c.platform,
    account_id: c.accountId,
    account_name: c.accountName,
    avatar_url: c.avatarUrl,
    sandbox: c.sandbox,
    scopes: JSON.stringify(c.scopes),
    access_token_enc: c.accessTokenEnc,
    refresh_token_enc: c.refreshTokenEnc,
    expires_at: c.expiresAt,
    refresh_expires_at: c.refreshExpiresAt,
    extra: JSON.stringify(c.extra),
  };
  return db
    .insertInto('platform_connections')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['project_id', 'platform', 'account_id']).doUpdateSet({
        ...values,
        status: 'connected',
        status_reason: null,
        refresh_lease_id: null,
        refresh_lease_until: null,
        connected_at: sql`now()`,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteConnectionOfUser(db: DB, id: number, userId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('platform_connections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the right to refresh a connected row: succeeds only when nobody holds an unexpired lease, so of two
 * processes asking at once exactly one gets the row back.
 */
export async function acquireRefreshLease(
  db: DB,
  id: number,
  lease: { id: string; now: Date; until: Date },
): Promise<PlatformConnectionRow | undefined> {
  return db
    .updateTable('platform_connections')
    .set({ refresh_lease_id: lease.id, refresh_lease_until: lease.until })
    .where('id', '=', id)
    .where('status', '=', 'connected')
    .where((eb) => eb.or([eb('refresh_lease_until', 'is', null), eb('refresh_lease_until', '<', lease.now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Access and refresh token in one statement, and the lease given back; false when the lease was lost. */
export async function saveRefreshedTokens(db: DB, id: number, leaseId: string, t: RefreshedTokens): Promise<boolean> {
  const row = await db
    .updateTable('platform_connections')
    .set({
      access_token_enc: t.accessTokenEnc,
      refresh_token_enc: t.refreshTokenEnc,
      expires_at: t.expiresAt,
      refresh_expires_at: t.refreshExpiresAt,
      scopes: JSON.stringify(t.scopes),
      refresh_lease_id: null,
      refresh_lease_until: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('refresh_lease_id', '=', leaseId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A connection marked as needing a reconnect, with the platform's words; a refresh under way loses its lease. */
const needsReconnect = (reason: string) => ({
  status: 'needs_reconnect' as const,
  status_reason: reason,
  refresh_lease_id: null,
  refresh_lease_until: null,
  updated_at: sql<Date>`now()`,
});

export async function markNeedsReconnect(db: DB, id: number, leaseId: string, reason: string): Promise<boolean> {
  const row = await db
    .updateTable('platform_connections')
    .set(needsReconnect(reason))
    .where('id', '=', id)
    .where('refresh_lease_id', '=', leaseId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The platform refused the connection's grant for good while it was in use (a token refused again after its
 * renewal, a permission taken back): `needs_reconnect` with the platform's words. A compare-and-set on a
 * connected row and, when given, on the sealed access token the refused call used, so a grant replaced meanwhile
 * (a reconnect, another renewal) stands; of several posts refused at once, exactly one marks it. The row, or
 * undefined when nothing was marked.
 */
export async function markGrantRefused(
  db: DB,
  id: number,
  reason: string,
  accessTokenEnc?: string,
): Promise<PlatformConnectionRow | undefined> {
  let query = db
    .updateTable('platform_connections')
    .set(needsReconnect(reason))
    .where('id', '=', id)
    .where('status', '=', 'connected');
  if (accessTokenEnc !== undefined) query = query.where('access_token_enc', '=', accessTokenEnc);
  return query.returningAll().executeTakeFirst();
}

export async function releaseRefreshLease(db: DB, id: number, leaseId: string): Promise<void> {
  await db
    .updateTable('platform_connections')
    .set({ refresh_lease_id: null, refresh_lease_until: null })
    .where('id', '=', id)
    .where('refresh_lease_id', '=', leaseId)
    .execute();
}

/** Connected rows whose access ends before `before`, soonest first. */
export async function listConnectionsExpiringBefore(db: DB, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('platform_connections')
    .select('id')
    .where('status', '=', 'connected')
    .where('expires_at', '<', before)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
