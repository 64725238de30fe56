import { sql } from 'kysely';
import type { DB } from '../db/database';

export interface QueueDepth {
  queue: string;
  /** Waiting to be taken, due now. */
  due: number;
  /** Waiting for their start time. */
  scheduled: number;
  /** Taken by a worker, under way. */
  active: number;
}

/** Jobs per queue of the job queue (pg-boss's table), by where they stand; finished jobs are not counted. */
export async function queueDepths(db: DB): Promise<QueueDepth[]> {
  const { rows } = await sql<{ name: string; due: number; scheduled: number; active: number }>`
    select name,
      count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
      count(*) filter (where state in ('created', 'retry') and start_after > now())::int as scheduled,
      count(*) filter (where state = 'active')::int as active
    from pgboss.job
    where state in ('created', 'retry', 'active')
    group by name
  `.execute(db);
  return rows.map((r) => ({
    queue: r.name,
    due: Number(r.due),
    scheduled: Number(r.scheduled),
    active: Number(r.active),
  }));
}

/**
 * Of these posts, those that have a `posts.publish` job waiting to be taken now (due, not yet taken): a worker
 * will look at them soon, so the sweep need not queue another.
 */
export async function postsWithDuePublishJob(db: DB, postIds: readonly number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const { rows } = await sql<{ post_id: number }>`
    select distinct (data->>'postId')::int as post_id
    from pgboss.job
    where name = 'posts.publish' and state < 'active' and start_after <= now()
      and (data->>'postId')::int = any(${[...postIds]}::int[])
  `.execute(db);
  return new Set(rows.map((r) => Number(r.post_id)));
}
