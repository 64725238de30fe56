import { COLLECTIONS_PER_PROJECT_MAX, type Collection, type CreateCollectionBody } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import {
  addCollectionVideos,
  countCollections,
  deleteCollection,
  findCollectionOfUser,
  insertCollection,
  listCollections,
  lockProjectForCollections,
  nameTaken,
  removeCollectionVideo,
  renameCollection,
  videoIdsOfProject,
  type CollectionWithCount,
} from '../../repositories/collections.repository';
import { getOwnProject } from '../projects.service';

function toCollection(row: CollectionWithCount): Collection {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    videoCount: row.video_count,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const nameInUse = (name: string) => conflict(`The project has a collection named “${name}” already`, 'name_taken');

/** The user's collection (of `projectId` when given), or 404: someone else's is answered as missing. */
export async function getOwnCollection(
  ctx: AppContext,
  userId: number,
  id: number,
  projectId?: number,
): Promise<Collection> {
  const row = await findCollectionOfUser(ctx.db, id, userId);
  if (!row || (projectId !== undefined && row.project_id !== projectId)) throw notFound('Collection');
  return toCollection(row);
}

export async function collectionsOf(ctx: AppContext, userId: number, projectId: number): Promise<Collection[]> {
  const rows = await listCollections(ctx.db, userId, projectId);
  if (rows.length === 0) await getOwnProject(ctx, userId, projectId);
  return rows.map(toCollection);
}

export async function createCollection(ctx: AppContext, userId: number, body: CreateCollectionBody) {
  await getOwnProject(ctx, userId, body.project_id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    // One at a time per project, so the cap holds under concurrent creates.
    await lockProjectForCollections(trx, body.project_id);
    if ((await countCollections(trx, body.project_id)) >= COLLECTIONS_PER_PROJECT_MAX) {
      throw conflict(`A project has at most ${COLLECTIONS_PER_PROJECT_MAX} collections`, 'too_many_collections');
    }
    return insertCollection(trx, { userId, projectId: body.project_id, name: body.name });
  });
  if (!row) throw nameInUse(body.name);
  return getOwnCollection(ctx, userId, row.id);
}

export async function renameOwnCollection(ctx: AppContext, userId: number, id: number, name: string) {
  const current = await getOwnCollection(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await lockProjectForCollections(trx, current.projectId);
    if (await nameTaken(trx, current.projectId, name, id)) throw nameInUse(name);
    await renameCollection(trx, id, name);
  });
  return getOwnCollection(ctx, userId, id);
}

export async function deleteOwnCollection(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await deleteCollection(ctx.db, id, userId))) throw notFound('Collection');
}

/** Adds videos of the collection's own project; any other id (another project's, someone else's) is a 404. */
export async function addVideosToCollection(ctx: AppContext, userId: number, id: number, videoIds: number[]) {
  const collection = await getOwnCollection(ctx, userId, id);
  const found = await videoIdsOfProject(ctx.db, collection.projectId, videoIds);
  if (found.length !== new Set(videoIds).size) throw notFound('Video');
  await addCollectionVideos(ctx.db, id, found);
  return getOwnCollection(ctx, userId, id);
}

export async function removeVideoFromCollection(ctx: AppContext, userId: number, id: number, videoId: number) {
  await getOwnCollection(ctx, userId, id);
  if (!(await removeCollectionVideo(ctx.db, id, videoId))) throw notFound('Video');
  return getOwnCollection(ctx, userId, id);
}
