import type { AppliedPrivacy, PostError, PostStatus } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { PostRow } from '../db/posts.schema';
import type { PublishJournal } from '../platforms/platform-adapter';

/**
 * The publish runner's queries. A post is held by the run whose id is in `lease_owner` until `due_at`;
 * every write of a run is a compare-and-set on that id, so a run that lost its lease (it stalled, another
 * run took the post over) changes nothing. Every write sets `updated_at`: the live event stream follows it.
 */

const ACTIVE: PostStatus[] = ['scheduled', 'publishing'];

/** First key of the per-connection advisory lock ('FPOS'); the second is the connection's id. */
const CONNECTION_LOCK = 0x46504f53;

/** The database's clock, `ms` from now. */
const fromNow = (ms: number) => sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;
const now = sql<Date>`now()`;

export interface DuePost {
  id: number;
  userId: number;
  platform: string;
  connectionId: number | null;
  /** The account must be connected again before the post can go (null: no connection any more). */
  needsReconnect: boolean | null;
  /** It sends a fitting copy, which must be ready before the post is claimed (copy-wait.ts). */
  needsCopy: boolean;
}

/** A post that is due for work now (scheduled or waiting, or held by a run whose lease has run out). */
export async function findDuePost(db: DB, id: number): Promise<DuePost | undefined> {
  return db
    .selectFrom('posts')
    .leftJoin('platform_connections as c', 'c.id', 'posts.connection_id')
    .select([
      'posts.id',
      'posts.user_id as userId',
      'posts.platform',
      'posts.connection_id as connectionId',
      sql<boolean | null>`c.status = 'needs_reconnect'`.as('needsReconnect'),
      sql<boolean>`posts.rendition_status is not null`.as('needsCopy'),
    ])
    .where('posts.id', '=', id)
    .where('posts.status', 'in', ACTIVE)
    .where('posts.due_at', '<=', now)
    .executeTakeFirst();
}

export type ClaimResult = { kind: 'claimed'; row: PostRow } | { kind: 'busy' } | { kind: 'gone' };

export interface ClaimInput {
  postId: number;
  /** The post's connection as read before (null: it was removed); the claim holds only if it is unchanged. */
  connectionId: number | null;
  runId: string;
  leaseMs: number;
  /** Posts of one connection held at once, across every process. */
  connectionLimit: number;
}

/**
 * Takes a due post for a run, in one transaction: under an advisory lock per connection (so two processes
 * cannot both see a free connection), `busy` when the connection already has as many live holds as allowed;
 * otherwise the compare-and-set on the post's status and due time. `gone` when it is no longer due (cancelled,
 * rescheduled, finished, or taken by another run).
 *
 * `attempts` grows when a scheduled post first starts; a person's retry counts its own as it requeues the post
 * (posts.repository.ts). A run going on after its own wait, or taking over from a run that died, continues
 * the same attempt.
 */
export async function claimPost(db: DB, c: ClaimInput): Promise<ClaimResult> {
  return db.transaction().execute(async (trx) => {
    if (c.connectionId !== null) {
      await sql`select pg_advisory_xact_lock(${CONNECTION_LOCK}::int, ${c.connectionId}::int)`.execute(trx);
      const held = await trx
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('connection_id', '=', c.connectionId)
        .where('id', '<>', c.postId)
        .where('status', '=', 'publishing')
        .where('lease_owner', 'is not', null)
        .where('due_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= c.connectionLimit) return { kind: 'busy' };
    }
    const row = await trx
      .updateTable('posts')
      .set({
        status: 'publishing',
        lease_owner: c.runId,
        due_at: fromNow(c.leaseMs),
        started_at: sql`coalesce(started_at, now())`,
        // The first start only: a post put back to wait for a reconnect goes on with the same attempt.
        attempts: sql`attempts + case when status = 'scheduled' and started_at is null then 1 else 0 end`,
        progress: sql`jsonb_set(progress, '{step}', coalesce(to_jsonb(journal->>'step'), 'null'::jsonb))`,
        updated_at: now,
      })
      .where('id', '=', c.postId)
      .where('status', 'in', ACTIVE)
      .where('due_at', '<=', now)
      .where('connection_id', c.connectionId === null ? 'is' : '=', c.connectionId)
      .returningAll()
      .executeTakeFirst();
    return row ? { kind: 'claimed', row } : { kind: 'gone' };
  });
}

/** Keeps the run's hold for another lease. False when the run no longer holds the post. */
export async function heartbeatPost(db: DB, id: number, runId: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ due_at: fromNow(leaseMs), updated_at: now })
    .where('id', '=', id)
    .where('lease_owner', '=', runId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface StepCommit {
  /** null: the post starts over from its first step (a correction the platform does not have yet). */
  journal: PublishJournal | null;
  progress: { step: string | null; bytesSent: number; bytesTotal: number };
  leaseMs: number;
}

/**
 * Commits what a step returned (journal and progress) and renews the hold, in one statement: after it, a
 * crash resumes from this journal. False when the run no longer holds the post.
 */
export async function commitStep(db: DB, id: number, runId: string, c: StepCommit): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({
      journal: c.journal === null ? null : JSON.stringify(c.journal),
      progress: JSON.stringify(c.progress),
      step_tries: 0,
      // Whatever was to be decided before the first step has been: the run has moved on from the old journal.
      start_over: false,
      due_at: fromNow(c.leaseMs),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', runId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface Release {
  /** When the post is next due: a moment, or in `ms` on the database's clock. */
  at: Date | { ms: number };
  /** What progress shows meanwhile (`waiting`, or the adapter's step during slow processing). */
  progressStep: string | null;
  stepTries: number;
}

/** Lets go of the post until `at`. Returns when it is due again, or undefined when the run had lost it. */
export async function releasePost(db: DB, id: number, runId: string, r: Release): Promise<Date | undefined> {
  const row = await db
    .updateTable('posts')
    .set({
      lease_owner: null,
      due_at: r.at instanceof Date ? r.at : fromNow(r.at.ms),
      progress: sql`jsonb_set(progress, '{step}', ${JSON.stringify(r.progressStep)}::jsonb)`,
      step_tries: r.stepTries,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', runId)
    .returning('due_at')
    .executeTakeFirst();
  return row?.due_at ?? undefined;
}

export type Finish =
  | {
      status: 'published';
      journal: PublishJournal | null;
      url: string;
      platformPostId: string;
      appliedPrivacy: AppliedPrivacy | null;
      /** The platform's words when it refused the cover (the post is live all the same). */
      coverError?: string | null;
      /** The platform's words when it refused to add the post to a chosen playlist. */
      playlistError?: string | null;
      /** The platform's words when it refused a caption track (the post is live all the same). */
      captionsError?: string | null;
    }
  | { status: 'failed' | 'unconfirmed'; error: PostError };

/** Ends the run's work on the post: published with its address, or failed/unconfirmed with why. */
export async function finishPost(db: DB, id: number, runId: string, f: Finish): Promise<PostRow | undefined> {
  const outcome =
    f.status === 'published'
      ? {
          url: f.url,
          platform_post_id: f.platformPostId,
          applied_privacy: f.appliedPrivacy ? JSON.stringify(f.appliedPrivacy) : null,
          cover_error: f.coverError ?? null,
          playlist_error: f.playlistError ?? null,
          captions_error: f.captionsError ?? null,
          published_at: now,
          error: null,
          progress: sql<string>`jsonb_set(progress, '{step}', '"published"'::jsonb)`,
          ...(f.journal ? { journal: JSON.stringify(f.journal) } : {}),
        }
      : { error: JSON.stringify(f.error) };
  return db
    .updateTable('posts')
    .set({
      ...outcome,
      status: f.status,
      lease_owner: null,
      due_at: null,
      step_tries: 0,
      start_over: false,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', runId)
    .returningAll()
    .executeTakeFirst();
}

export interface SweptPost {
  id: number;
  dueAt: Date;
  /** Due now or earlier, on the database's clock. */
  overdue: boolean;
}

/** Posts due for work before `horizonMs` from now (held ones too: their lease ends then), earliest first. */
export async function listPostsDueWithin(db: DB, horizonMs: number, limit: number): Promise<SweptPost[]> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'due_at', sql<boolean>`due_at <= now()`.as('overdue')])
    .where('status', 'in', ACTIVE)
    .where('due_at', '<=', fromNow(horizonMs))
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, dueAt: r.due_at!, overdue: r.overdue }));
}

/**
 * Every hold let go of, due at once. Only for the embedded database at start-up: it serves one process, so
 * a hold left in it belongs to a run that died with the previous process.
 */
export async function releaseAllLeases(db: DB): Promise<number> {
  const result = await db
    .updateTable('posts')
    .set({ lease_owner: null, due_at: now, updated_at: now })
    .where('status', 'in', ACTIVE)
    .where('lease_owner', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The connection's post that has waited longest for its turn (due, nobody holding it), if any. */
export async function nextDuePostOfConnection(db: DB, connectionId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('connection_id', '=', connectionId)
    .where('status', 'in', ACTIVE)
    .where('lease_owner', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
