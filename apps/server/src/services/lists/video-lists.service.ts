import {
  VIDEOS_PAGE_DEFAULT,
  VIDEOS_PAGE_MAX,
  VideoSort,
  type Video,
  type VideoFilters,
  type VideoPage,
} from '@fanout/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import {
  countMatchingVideos,
  listMatchingVideoIds,
  listMatchingVideos,
  listVideoPage,
  type VideoListFilter,
} from '../../repositories/video-lists.repository';
import { summarizePostsOfVideos } from '../../repositories/videos.repository';
import { getOwnCollection } from '../collections/collections.service';
import { getOwnProject } from '../projects.service';
import { toVideoJson } from '../videos.service';
import { badCursor, decodeCursor, encodeCursor } from './list-cursor';

/** A page's cursor: the order it was made for, the last video's sort key and its id. */
const VideoCursor = z.tuple([VideoSort, z.string().max(64), z.number().int().positive()]);

const ISO_MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

function listFilter(userId: number, projectId: number | undefined, filters: VideoFilters): VideoListFilter {
  return {
    userId,
    projectId,
    text: filters.q || undefined,
    shownStatus: filters.status,
    tag: filters.tag,
    collectionId: filters.collection_id,
    order: filters.sort ?? 'newest',
  };
}

/**
 * Every query is limited to the caller's own videos, so rows found prove the project is theirs; only an empty
 * answer needs the project looked up, to tell "none match" from "not your project" (404).
 */
async function ownProjectWhenEmpty(
  ctx: AppContext,
  userId: number,
  projectId: number | undefined,
  found: number,
  filters: VideoFilters = {},
) {
  if (found === 0 && projectId !== undefined) await getOwnProject(ctx, userId, projectId);
  // Someone else's collection (or one of another project) is not found, rather than merely empty.
  if (found === 0 && filters.collection_id !== undefined) {
    await getOwnCollection(ctx, userId, filters.collection_id, projectId);
  }
}

/** The spec's whole array (no limit or cursor given): two queries however many videos. */
export async function listAllVideos(
  ctx: AppContext,
  userId: number,
  projectId: number | undefined,
  filters: VideoFilters,
): Promise<Video[]> {
  const f = listFilter(userId, projectId, filters);
  const [rows, posts] = await Promise.all([
    listMatchingVideos(ctx.db, f),
    summarizePostsOfVideos(ctx.db, userId, { projectId }),
  ]);
  await ownProjectWhenEmpty(ctx, userId, projectId, rows.length, filters);
  return rows.map((row) => toVideoJson(row, posts.get(row.id)));
}

export function pageLimit(limit: number | undefined): number {
  const n = limit ?? VIDEOS_PAGE_DEFAULT;
  if (n < 1 || n > VIDEOS_PAGE_MAX) {
    throw badRequest(`limit must be between 1 and ${VIDEOS_PAGE_MAX}`, 'bad_limit');
  }
  return n;
}

/** One page: the rows (one more than asked, to know if another page follows), the total, each video's posts. */
export async function listVideosPage(
  ctx: AppContext,
  userId: number,
  projectId: number | undefined,
  filters: VideoFilters,
  page: { limit?: number; cursor?: string },
): Promise<VideoPage> {
  const limit = pageLimit(page.limit);
  const f = listFilter(userId, projectId, filters);
  let from: { key: string; id: number } | undefined;
  if (page.cursor !== undefined) {
    const [order, key, id] = decodeCursor(ctx, 'videos', page.cursor, VideoCursor);
    // A cursor belongs to the order it was made in; another order's position means nothing here.
    if (order !== f.order || (order !== 'title' && !ISO_MICROS.test(key))) throw badCursor();
    from = { key, id };
  }
  const [rows, total] = await Promise.all([listVideoPage(ctx.db, f, limit + 1, from), countMatchingVideos(ctx.db, f)]);
  await ownProjectWhenEmpty(ctx, userId, projectId, total, filters);
  const shown = rows.slice(0, limit);
  const posts = await summarizePostsOfVideos(ctx.db, userId, { videoIds: shown.map((r) => r.id) });
  const last = shown.at(-1);
  return {
    videos: shown.map((row) => toVideoJson(row, posts.get(row.id))),
    nextCursor: rows.length > limit && last ? encodeCursor(ctx, 'videos', [f.order, last.sort_key, last.id]) : null,
    total,
  };
}

/** Every matching id (select-all "all that match"). */
export async function listVideoIds(
  ctx: AppContext,
  userId: number,
  projectId: number,
  filters: VideoFilters,
): Promise<number[]> {
  const ids = await listMatchingVideoIds(ctx.db, listFilter(userId, projectId, filters));
  await ownProjectWhenEmpty(ctx, userId, projectId, ids.length, filters);
  return ids;
}
