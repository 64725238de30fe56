import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { PostRow } from '../db/posts.schema';

/**
 * The first comment's queries. Each is a compare-and-set on `first_comment_status` (and the hold of a send), so two
 * runs (the publish run that has just published the post and a job the sweep queued) can never both send it: only
 * one moves it from `pending` to `sending`, only one takes a send whose hold ran out, and nothing moves it back but a
 * person's retry of a failed one.
 */

const now = sql<Date>`now()`;
const fromNow = (ms: number) => sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;

export interface CommentError {
  code: string;
  message: string;
}

/**
 * Takes the comment of a published post for sending, holding it for `holdMs`: the row, or undefined when there is
 * nothing to send (no comment, not published yet, taken by another run, done).
 */
export async function claimFirstComment(db: DB, postId: number, holdMs: number): Promise<PostRow | undefined> {
  return db
    .updateTable('posts')
    .set({ first_comment_status: 'sending', first_comment_due_at: fromNow(holdMs), updated_at: now })
    .where('id', '=', postId)
    .where('status', '=', 'published')
    .where('first_comment_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Takes again, for `holdMs`, a send whose hold ran out: it belongs to a run that died after its request may have
 * gone out (or to a person's retry of an unconfirmed one), so the comment is looked up before it is sent again. The
 * row when it was such a send; one run at most takes it.
 */
export async function takeInterruptedComment(db: DB, postId: number, holdMs: number): Promise<PostRow | undefined> {
  return db
    .updateTable('posts')
    .set({ first_comment_due_at: fromNow(holdMs), updated_at: now })
    .where('id', '=', postId)
    .where('first_comment_status', '=', 'sending')
    .where('first_comment_due_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

export type CommentOutcome =
  { status: 'posted'; commentId: string; url: string | null } | { status: 'failed'; error: CommentError };

/** Records how the send ended; undefined when it was no longer this send's to record. */
export async function finishFirstComment(db: DB, postId: number, outcome: CommentOutcome) {
  const set =
    outcome.status === 'posted'
      ? { first_comment_id: outcome.commentId, first_comment_url: outcome.url, first_comment_error: null }
      : { first_comment_error: JSON.stringify(outcome.error) };
  return db
    .updateTable('posts')
    .set({ ...set, first_comment_status: outcome.status, first_comment_due_at: null, updated_at: now })
    .where('id', '=', postId)
    .where('first_comment_status', '=', 'sending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * A failed comment of the user's published post opened again; undefined unless it had failed. One refused by the
 * platform goes back to `pending`. One that may be there (`comment_unconfirmed`) becomes an interrupted send whose
 * hold is over, keeping its error as the mark of the person's retry: the run looks it up before sending it.
 */
export async function reopenFailedComment(db: DB, postId: number, userId: number) {
  const unconfirmed = sql<boolean>`coalesce(first_comment_error->>'code' = 'comment_unconfirmed', false)`;
  return db
    .updateTable('posts')
    .set({
      first_comment_status: sql`case when ${unconfirmed} then 'sending' else 'pending' end`,
      first_comment_due_at: sql`case when ${unconfirmed} then now() else null end`,
      first_comment_error: sql`case when ${unconfirmed} then first_comment_error else null end`,
      updated_at: now,
    })
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .where('status', '=', 'published')
    .where('first_comment_status', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
}

/** Comments left open: of published posts and never taken, or taken by a run whose hold has run out. */
export async function listOpenComments(db: DB, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('status', '=', 'published')
    .where((eb) =>
      eb.or([
        eb('first_comment_status', '=', 'pending'),
        eb.and([eb('first_comment_status', '=', 'sending'), eb('first_comment_due_at', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Ends every hold on a comment being sent, at once: only for the embedded database at start-up, where a hold left
 * belongs to a run that died with the previous process. The sweep then finds them interrupted, to be looked up.
 */
export async function expireCommentHolds(db: DB): Promise<number> {
  const result = await db
    .updateTable('posts')
    .set({ first_comment_due_at: now })
    .where('first_comment_status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
