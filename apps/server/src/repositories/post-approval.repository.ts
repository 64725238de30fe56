import type { PostError } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { PostRow } from '../db/posts.schema';

/**
 * Approval's writes, each a compare-and-set on the status like the runner's claim (post-runs.repository.ts):
 * the runner claims only `scheduled` and `publishing` posts, an approval turns only an `awaiting_approval`
 * post `scheduled`, and an edit or a cancel changes only a post in one of those two. Whichever commits first
 * wins; the other finds the status changed and changes nothing.
 */

export const OVERDUE_ERROR: PostError = {
  code: 'approval_overdue',
  message: 'Its time passed while it waited for approval: approve it to publish it now, or give it a new time.',
  platformCode: null,
  platformMessage: null,
};

export interface Approval {
  approvedBy: number | null;
  /** A new time; absent: its own time, or now when that has passed. */
  scheduledAt?: Date;
}

/** `awaiting_approval` → `scheduled`, due at the new time, its own, or at once when that has passed. */
export async function approveAwaitingPost(db: DB, id: number, a: Approval): Promise<PostRow | undefined> {
  const at = a.scheduledAt;
  return db
    .updateTable('posts')
    .set({
      status: 'scheduled',
      ...(at ? { scheduled_at: at } : {}),
      due_at: at ?? sql<Date>`greatest(scheduled_at, now())`,
      approved_by: a.approvedBy,
      approved_at: sql`now()`,
      error: sql`case when error->>'code' in ('approval_overdue', 'changes_requested') then null else error end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .returningAll()
    .executeTakeFirst();
}

/** The post waits on, showing what the approver asked for (until it is changed or approved). */
export async function requestChangesOnPost(db: DB, id: number, message: string): Promise<PostRow | undefined> {
  const error: PostError = { code: 'changes_requested', message, platformCode: null, platformMessage: null };
  return db
    .updateTable('posts')
    .set({ error: JSON.stringify(error), approved_by: null, approved_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .returningAll()
    .executeTakeFirst();
}

/** Marks awaiting posts whose time has passed (one, or all of them): they wait on, never published. */
export async function markOverdueApprovals(db: DB, id?: number): Promise<PostRow[]> {
  return db
    .updateTable('posts')
    .set({ error: JSON.stringify(OVERDUE_ERROR), updated_at: sql`now()` })
    .where('status', '=', 'awaiting_approval')
    .where('due_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('error', 'is', null), eb(sql`error->>'code'`, '<>', 'approval_overdue')]))
    .$if(id !== undefined, (q) => q.where('id', '=', id!))
    .returningAll()
    .execute();
}
