import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { CollectionRow } from '../db/collections.schema';

export type CollectionWithCount = CollectionRow & { video_count: number };

const videoCount = sql<string>`(select count(*) from collection_videos cv where cv.collection_id = collections.id)`;

function withCount(row: CollectionRow & { video_count: string | number }): CollectionWithCount {
  return { ...row, video_count: Number(row.video_count) };
}

/** The project's collections with how many videos each holds, by name. */
export async function listCollections(db: DB, userId: number, projectId: number): Promise<CollectionWithCount[]> {
  const rows = await db
    .selectFrom('collections')
    .selectAll()
    .select(videoCount.as('video_count'))
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(withCount);
}

export async function countCollections(db: DB, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findCollectionOfUser(
  db: DB,
  id: number,
  userId: number,
): Promise<CollectionWithCount | undefined> {
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .select(videoCount.as('video_count'))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && withCount(row);
}

/** Inserts the collection unless the project has one of that name (ignoring case): then undefined. */
export async function insertCollection(
  db: DB,
  c: { userId: number; projectId: number; name: string },
): Promise<CollectionRow | undefined> {
  return db
    .insertInto('collections')
    .values({ user_id: c.userId, project_id: c.projectId, name: c.name })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function nameTaken(db: DB, projectId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('collections')
    .select('id')
    .where('project_id', '=', projectId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function renameCollection(db: DB, id: number, name: string): Promise<void> {
  await db.updateTable('collections').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteCollection(db: DB, id: number, userId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('collections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the videos (already checked to be the collection's project's); those already in it stay once. */
export async function addCollectionVideos(db: DB, collectionId: number, videoIds: readonly number[]): Promise<void> {
  if (videoIds.length === 0) return;
  await db
    .insertInto('collection_videos')
    .values(videoIds.map((videoId) => ({ collection_id: collectionId, video_id: videoId })))
    .onConflict((oc) => oc.columns(['collection_id', 'video_id']).doNothing())
    .execute();
}

export async function removeCollectionVideo(db: DB, collectionId: number, videoId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('collection_videos')
    .where('collection_id', '=', collectionId)
    .where('video_id', '=', videoId)
    .returning('video_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Of `ids`, those that are videos of the project. */
export async function videoIdsOfProject(db: DB, projectId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('videos')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => r.id);
}

/** Locks the project's row for the transaction: its collections change one writer at a time. */
export async function lockProjectForCollections(db: DB, projectId: number): Promise<void> {
  await db.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().executeTakeFirst();
}
