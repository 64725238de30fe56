import type { PostError, PostStatus } from '@fanout/contracts';
import { sql } from 'kysely';
import type { StoredConnectionStatus } from '../db/connections.schema';
import type { DB } from '../db/database';
import type { PostRow } from '../db/posts.schema';

/**
 * Posts waiting for their account to be connected again. Such a post is `scheduled`, unheld, with
 * `error.code = 'needs_reconnect'` and `due_at` at the end of its wait, when the runner fails it if the account
 * is still not back. The reconnect itself (the connection row becoming `connected` again, by whatever code
 * writes it) makes them due at once: a trigger of migration 0027.
 */

const ACTIVE: PostStatus[] = ['scheduled', 'publishing'];
const WAITING_CODE = 'needs_reconnect';

/** The database's clock, `ms` from now. */
const fromNow = (ms: number) => sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;

/** Which run may hold the post: the run that holds it, or none (a post due for work that nobody holds). */
export type Holder = { runId: string } | 'nobody';

/**
 * The post's connection, share-locked until the transaction ends: a reconnect (which updates the row) waits
 * for it, so a post is never left waiting on an account that was connected again in between. Undefined when
 * the post or its connection is gone.
 */
export async function lockConnectionOfPost(
  trx: DB,
  postId: number,
): Promise<{ status: StoredConnectionStatus; reason: string | null } | undefined> {
  return trx
    .selectFrom('posts as p')
    .innerJoin('platform_connections as c', 'c.id', 'p.connection_id')
    .select(['c.status as status', 'c.status_reason as reason'])
    .where('p.id', '=', postId)
    .forShare('c')
    .executeTakeFirst();
}

const byHolder = (holder: Holder) =>
  holder === 'nobody'
    ? sql<boolean>`status in (${sql.join(ACTIVE)}) and due_at <= now()`
    : sql<boolean>`lease_owner = ${holder.runId}`;

/**
 * Puts the post back to `scheduled`, unheld, showing `error`, due again when its wait ends: `waitMs` from when it
 * was due (a held post: now). Its journal is kept only when it stands at the create call (the platform is asked
 * first whether that landed); an earlier one is dropped, as what it uploaded is not public and may belong to an
 * account that is not the one connected again. Undefined when the post is not the holder's, is already waiting
 * (its wait is over), or was due more than `waitMs` ago.
 */
export async function holdForReconnect(
  trx: DB,
  postId: number,
  holder: Holder,
  error: PostError,
  waitMs: number,
): Promise<PostRow | undefined> {
  const waitEnd =
    holder === 'nobody' ? sql<Date>`least(due_at, now()) + ${waitMs} * interval '1 millisecond'` : fromNow(waitMs);
  let query = trx
    .updateTable('posts')
    .set({
      status: 'scheduled',
      lease_owner: null,
      due_at: waitEnd,
      error: JSON.stringify(error),
      journal: sql`case when journal->>'step' = 'create' then journal end`,
      progress: sql`jsonb_build_object('step', null, 'bytesSent', 0, 'bytesTotal', coalesce((progress->>'bytesTotal')::bigint, 0))`,
      step_tries: 0,
      updated_at: sql`now()`,
    })
    .where('id', '=', postId)
    .where(byHolder(holder));
  if (holder === 'nobody')
    query = query
      .where((eb) => eb.or([eb('error', 'is', null), eb(sql`error->>'code'`, '<>', WAITING_CODE)]))
      .where(waitEnd, '>', sql<Date>`now()`);
  return query.returningAll().executeTakeFirst();
}

/** The post fails with `error`: its wait for a reconnect is over, or began too late to be worth it. */
export async function failForReconnect(
  trx: DB,
  postId: number,
  holder: Holder,
  error: PostError,
): Promise<PostRow | undefined> {
  return trx
    .updateTable('posts')
    .set({
      status: 'failed',
      lease_owner: null,
      due_at: null,
      error: JSON.stringify(error),
      step_tries: 0,
      updated_at: sql`now()`,
    })
    .where('id', '=', postId)
    .where(byHolder(holder))
    .returningAll()
    .executeTakeFirst();
}

/** The connection's posts due for work now and unheld (after a reconnect: those that waited), earliest first. */
export async function listDuePostsOfConnection(
  db: DB,
  connectionId: number,
  limit: number,
): Promise<{ id: number; dueAt: Date }[]> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'due_at'])
    .where('connection_id', '=', connectionId)
    .where('status', 'in', ACTIVE)
    .where('lease_owner', 'is', null)
    .where('due_at', '<=', sql<Date>`now()`)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, dueAt: r.due_at! }));
}
