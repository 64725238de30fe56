import {
  PLATFORMS,
  SEARCH_PAGE_DEFAULT,
  type PlatformKey,
  type SearchResponse,
  type SearchResult,
} from '@fanout/contracts';
import { z } from 'zod';
import type { AppContext } from '../context';
import { searchPostsOfUser, type PostMatch, type PostSearchRow } from '../repositories/posts-search.repository';
import { searchVideosOfUser, type UpdatedPosition, type VideoSearchRow } from '../repositories/videos.repository';
import { decodeCursor, encodeCursor } from './lists/list-cursor';
import { toIsoString } from './users.service';

/** A video (0) comes before its posts (1) changed at the same moment. */
type Kind = 0 | 1;
/** Where a page ended: the last result's updated_at to the microsecond, its kind, its id. */
const SearchCursor = z.tuple([
  z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
  z.union([z.literal(0), z.literal(1)]),
  z.number().int().positive(),
]);
type SearchCursor = z.infer<typeof SearchCursor>;

/** Ids are int4: above every id, so "after (at, ABOVE_ALL)" takes every row changed at `at`. */
const ABOVE_ALL = 2 ** 31;

/** Each kind's own keyset position after the cursor in the merged order (at desc, kind asc, id desc). */
function positionsAfter([at, kind, id]: SearchCursor): Record<Kind, UpdatedPosition> {
  return {
    0: { at, id: kind === 0 ? id : 0 },
    1: { at, id: kind === 0 ? ABOVE_ALL : id },
  };
}

/** The platforms whose name, as the app shows it ('TikTok', 'X (Twitter)'), contains the text. */
function platformsNamed(text: string): PlatformKey[] {
  const needle = text.toLowerCase();
  return PLATFORMS.filter((p) => p.label.toLowerCase().includes(needle)).map((p) => p.key);
}

function videoResult(row: VideoSearchRow): SearchResult {
  return {
    ref: `/video/${row.id}`,
    type: 'video',
    name: row.title,
    drive: row.project_name,
    owner: row.username,
    modified: toIsoString(row.updated_at),
  };
}

/** A post leads to its video's page, where the video's posts are listed. */
function postResult(row: PostSearchRow): SearchResult {
  return {
    ref: `/video/${row.video_id}`,
    type: 'video',
    name: row.caption ?? row.video_title,
    drive: row.project_name,
    owner: row.username,
    modified: toIsoString(row.updated_at),
    post: {
      id: row.id,
      videoId: row.video_id,
      videoTitle: row.video_title,
      platform: row.platform as PlatformKey,
      status: row.status,
      accountName: row.account_name,
    },
  };
}

interface Found {
  result: SearchResult;
  key: string;
  kind: Kind;
  id: number;
}

const byOrder = (a: Found, b: Found) =>
  a.key !== b.key ? (a.key < b.key ? 1 : -1) : a.kind !== b.kind ? a.kind - b.kind : b.id - a.id;

/**
 * A page of the caller's videos and posts that `match` finds (all of them when undefined), most recently
 * changed first (a video before its posts changed at the same moment). `list` names the cursor's list.
 */
async function changedPage(
  ctx: AppContext,
  userId: number,
  list: 'search' | 'recent',
  match: PostMatch | undefined,
  page: { limit?: number; cursor?: string },
): Promise<SearchResponse> {
  const limit = page.limit ?? SEARCH_PAGE_DEFAULT;
  const from =
    page.cursor !== undefined ? positionsAfter(decodeCursor(ctx, list, page.cursor, SearchCursor)) : undefined;
  const [videos, posts] = await Promise.all([
    searchVideosOfUser(ctx.db, userId, match?.text, limit + 1, from?.[0]),
    searchPostsOfUser(ctx.db, userId, match, limit + 1, from?.[1]),
  ]);
  const found: Found[] = [
    ...videos.map((row) => ({ result: videoResult(row), key: row.sort_key, kind: 0 as const, id: row.id })),
    ...posts.map((row) => ({ result: postResult(row), key: row.sort_key, kind: 1 as const, id: row.id })),
  ].sort(byOrder);
  const shown = found.slice(0, limit);
  const last = found.length > limit ? shown.at(-1) : undefined;
  return {
    results: shown.map((f) => f.result),
    nextCursor: last ? encodeCursor(ctx, list, [last.key, last.kind, last.id]) : null,
  };
}

/**
 * The header search: the caller's videos whose title, description or a tag contains the text, and the
 * caller's posts whose caption (the video's title when it has none), platform or account name does; most
 * recently changed first, a page of `limit` at a time.
 */
export async function search(
  ctx: AppContext,
  userId: number,
  text: string,
  page: { limit?: number; cursor?: string } = {},
): Promise<SearchResponse> {
  const q = text.trim();
  if (!q) {
    // A cursor is still checked: one from elsewhere is refused, whatever the text.
    if (page.cursor !== undefined) decodeCursor(ctx, 'search', page.cursor, SearchCursor);
    return { results: [], nextCursor: null };
  }
  return changedPage(ctx, userId, 'search', { text: q, platforms: platformsNamed(q) }, page);
}

/** The header's Recent: every video and post of the caller, in every project, most recently changed first. */
export function recentChanges(
  ctx: AppContext,
  userId: number,
  page: { limit?: number; cursor?: string } = {},
): Promise<SearchResponse> {
  return changedPage(ctx, userId, 'recent', undefined, page);
}
