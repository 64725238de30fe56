import { sql, type UpdateObject } from 'kysely';
import type { Database } from '../db/schema';
import type { DB } from '../db/database';
import type { RenditionRow } from '../db/renditions.schema';

/**
 * The fitting copies' queries. A render holds its row while `status = 'rendering'` and its lease has not run out;
 * each of its writes is a compare-and-set on the attempt that claimed it, so a render that lost its row (deleted,
 * or taken over after its lease ran out) changes nothing and learns that it should stop.
 */

const fromNow = (ms: number) => sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;

export interface NewRendition {
  videoId: number;
  userId: number;
  projectId: number;
  platform: string;
  connectionId: number;
  key: string;
  request: unknown;
  steps: unknown;
  estimatedBytes: number;
}

/** Inserts the copy, or finds the one with the same key: `created` says which. */
export async function insertOrFindRendition(db: DB, r: NewRendition): Promise<{ row: RenditionRow; created: boolean }> {
  const inserted = await db
    .insertInto('renditions')
    .values({
      video_id: r.videoId,
      user_id: r.userId,
      project_id: r.projectId,
      platform: r.platform,
      connection_id: r.connectionId,
      key: r.key,
      request: JSON.stringify(r.request),
      steps: JSON.stringify(r.steps),
      estimated_bytes: r.estimatedBytes,
    })
    .onConflict((oc) => oc.columns(['video_id', 'key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const row = await db
    .selectFrom('renditions')
    .selectAll()
    .where('video_id', '=', r.videoId)
    .where('key', '=', r.key)
    .executeTakeFirstOrThrow();
  return { row, created: false };
}

/** A failed copy asked for again starts over from the queue. */
export async function requeueFailedRendition(db: DB, id: number, estimatedBytes: number) {
  return db
    .updateTable('renditions')
    .set({
      status: 'queued',
      progress: 0,
      error: null,
      attempts: 0,
      lease_expires_at: null,
      estimated_bytes: estimatedBytes,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
}

export async function listRenditionsOfVideo(db: DB, videoId: number): Promise<RenditionRow[]> {
  return db.selectFrom('renditions').selectAll().where('video_id', '=', videoId).orderBy('id').execute();
}

export async function findRendition(db: DB, id: number): Promise<RenditionRow | undefined> {
  return db.selectFrom('renditions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRenditionOfUser(db: DB, id: number, userId: number): Promise<RenditionRow | undefined> {
  return db.selectFrom('renditions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Deletes the caller's copy; answers its stored file's key (null while it has none), undefined when not theirs. */
export async function deleteRenditionOfUser(db: DB, id: number, userId: number) {
  return db
    .deleteFrom('renditions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'storage_key'])
    .executeTakeFirst();
}

/** The stored files of these videos' copies (taken before the videos, and so their copies, are deleted). */
export async function findRenditionFilesOfVideos(db: DB, videoIds: readonly number[]): Promise<string[]> {
  if (videoIds.length === 0) return [];
  const rows = await db
    .selectFrom('renditions')
    .select('storage_key')
    .where('video_id', 'in', videoIds)
    .where('storage_key', 'is not', null)
    .execute();
  return rows.map((r) => r.storage_key!);
}

/** Bytes the user's copies take: a ready copy its size, a copy on its way what it is expected to weigh. */
export async function sumRenditionBytesOfUser(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('renditions')
    .select(
      sql<number>`coalesce(sum(case when status = 'ready' then size_bytes
        when status in ('queued', 'rendering') then estimated_bytes else 0 end), 0)`.as('used'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/**
 * Takes the copy for one render: a queued one, or one whose render's lease ran out (its process died), while it
 * has been started fewer than `maxAttempts` times. Undefined when it is not to be rendered now.
 */
export async function claimRendition(
  db: DB,
  id: number,
  leaseMs: number,
  maxAttempts: number,
): Promise<RenditionRow | undefined> {
  return db
    .updateTable('renditions')
    .set({
      status: 'rendering',
      progress: 0,
      attempts: sql`attempts + 1`,
      lease_expires_at: fromNow(leaseMs),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'rendering'), eb('lease_expires_at', '<', sql<Date>`now()`)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Writes to the row while the render of `attempt` holds it; false when it no longer does. */
async function updateHeld(db: DB, id: number, attempt: number, changes: UpdateObject<Database, 'renditions'>) {
  const row = await db
    .updateTable('renditions')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'rendering')
    .where('attempts', '=', attempt)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the progress and renews the lease; false when the render no longer holds the row (deleted, taken over). */
export async function renewRendition(
  db: DB,
  id: number,
  attempt: number,
  progress: number,
  leaseMs: number,
): Promise<boolean> {
  return updateHeld(db, id, attempt, { progress, lease_expires_at: fromNow(leaseMs) });
}

export interface ReadyFacts {
  storageKey: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  durationMs: number | null;
}

/** The render's end; false when the render no longer held the row (its file is then the caller's to remove). */
export async function markRenditionReady(db: DB, id: number, attempt: number, f: ReadyFacts): Promise<boolean> {
  return updateHeld(db, id, attempt, {
    status: 'ready',
    progress: 1,
    storage_key: f.storageKey,
    size_bytes: f.sizeBytes,
    width: f.width,
    height: f.height,
    fps: f.fps,
    duration_ms: f.durationMs,
    lease_expires_at: null,
  });
}

/** Fails the copy; `attempt` undefined fails it whoever holds it (the sweep, after too many interrupted starts). */
export async function markRenditionFailed(
  db: DB,
  id: number,
  attempt: number | undefined,
  error: { code: string; message: string },
): Promise<void> {
  let query = db
    .updateTable('renditions')
    .set({ status: 'failed', error: JSON.stringify(error), lease_expires_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'rendering']);
  if (attempt !== undefined) query = query.where('attempts', '=', attempt);
  await query.execute();
}

/**
 * Copies waiting for a render, or held by a render whose lease ran out; `withLiveLeases` adds the renders still
 * held (a worker's start schedules a look at them for when their lease runs out).
 */
export async function findOpenRenditions(db: DB, limit: number, { withLiveLeases = false } = {}) {
  return db
    .selectFrom('renditions')
    .select([
      'id',
      'status',
      'attempts',
      'updated_at',
      'lease_expires_at',
      sql<boolean>`coalesce(lease_expires_at < now(), true)`.as('leaseExpired'),
    ])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        withLiveLeases
          ? eb('status', '=', 'rendering')
          : eb.and([eb('status', '=', 'rendering'), eb('lease_expires_at', '<', sql<Date>`now()`)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every render's hold ends now: on the embedded database one process runs every render, and it just started. */
export async function releaseAllRenditionLeases(db: DB): Promise<number> {
  const rows = await db
    .updateTable('renditions')
    .set({ lease_expires_at: sql`now() - interval '1 second'` })
    .where('status', '=', 'rendering')
    .returning('id')
    .execute();
  return rows.length;
}

/** The users' copies changed after `since`, oldest change first: the live stream's rendition events. */
export async function listRenditionsChangedSince(
  db: DB,
  userIds: readonly number[],
  since: Date,
): Promise<RenditionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('renditions')
    .selectAll()
    .where('updated_at', '>', since)
    .where('user_id', 'in', userIds)
    .orderBy('updated_at')
    .orderBy('id')
    .execute();
}
