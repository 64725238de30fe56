import type { PostError, PostStatus } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { PostCopyStatus, PostRow } from '../db/posts.schema';
import type { RenditionRow } from '../db/renditions.schema';

/**
 * Posts waiting for their fitting copy (migration 0043). Such a post is `scheduled`, unheld, with `due_at` null
 * and `progress.step = 'rendering'`: nothing runs it until the copy ends, when the trigger on `renditions`
 * makes it due at once (in the same transaction as the copy's end).
 */

const ACTIVE: PostStatus[] = ['scheduled', 'publishing'];

/**
 * The post's copy, share-locked until the transaction ends: the render's last write (ready or failed) waits
 * for it, so a post is never left waiting for a copy that ended in between. Undefined: the post has no copy
 * any more (it was deleted) or the post is gone.
 */
export async function lockCopyOfPost(
  trx: DB,
  postId: number,
): Promise<Pick<RenditionRow, 'id' | 'status' | 'progress' | 'error'> | undefined> {
  const post = await trx.selectFrom('posts').select('rendition_id').where('id', '=', postId).executeTakeFirst();
  if (!post?.rendition_id) return undefined;
  return trx
    .selectFrom('renditions')
    .select(['id', 'status', 'progress', 'error'])
    .where('id', '=', post.rendition_id)
    .forShare()
    .executeTakeFirst();
}

/**
 * A due post nobody holds waits for its copy: `scheduled`, not due until the copy ends, showing `error` and the
 * step `rendering`. Not an attempt: nothing was sent. Undefined when the post is no longer due and unheld.
 */
export async function holdForCopy(
  trx: DB,
  postId: number,
  copy: { status: string; progress: number },
  error: PostError,
): Promise<PostRow | undefined> {
  return trx
    .updateTable('posts')
    .set({
      status: 'scheduled',
      due_at: null,
      error: JSON.stringify(error),
      progress: sql`jsonb_build_object('step', 'rendering', 'bytesSent', 0, 'bytesTotal', 0)`,
      rendition_status: copy.status as PostCopyStatus,
      rendition_progress: copy.progress,
      step_tries: 0,
      updated_at: sql`now()`,
    })
    .where('id', '=', postId)
    .where('status', 'in', ACTIVE)
    .where('lease_owner', 'is', null)
    .where('due_at', '<=', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** The copy's posts due for work now and unheld (those that waited for it), earliest first. */
export async function listDuePostsOfCopy(db: DB, renditionId: number): Promise<{ id: number; dueAt: Date }[]> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'due_at'])
    .where('rendition_id', '=', renditionId)
    .where('status', 'in', ACTIVE)
    .where('lease_owner', 'is', null)
    .where('due_at', '<=', sql<Date>`now()`)
    .orderBy('due_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, dueAt: r.due_at! }));
}

/**
 * Posts left waiting for a copy that is no longer being made (ready, failed or deleted) become due now: a
 * safety net under the trigger, which already does this in the copy's own transaction.
 */
export async function releaseEndedCopyWaits(db: DB): Promise<number> {
  const rows = await db
    .updateTable('posts')
    .set({ due_at: sql`now()`, updated_at: sql`now()` })
    .where('status', '=', 'scheduled')
    .where('due_at', 'is', null)
    .where('rendition_status', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('renditions as r')
            .select('r.id')
            .whereRef('r.id', '=', 'posts.rendition_id')
            .where('r.status', 'in', ['queued', 'rendering']),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.length;
}
