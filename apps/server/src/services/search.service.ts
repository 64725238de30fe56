import { PLATFORMS, type PlatformKey, type SearchResult } from '@fanout/contracts';
import type { AppContext } from '../context';
import { searchPostsOfUser, type PostSearchRow } from '../repositories/posts-search.repository';
import { searchVideosOfUser, type VideoSearchRow } from '../repositories/videos.repository';
import { toIsoString } from './users.service';

export const SEARCH_LIMIT = 20;

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

/**
 * The header search: the caller's videos whose title, description or a tag contains the text, and the
 * caller's posts whose caption (the video's title when it has none), platform or account name does; most
 * recently changed first, at most SEARCH_LIMIT in all.
 */
export async function search(ctx: AppContext, userId: number, text: string): Promise<SearchResult[]> {
  const q = text.trim();
  if (!q) return [];
  const [videos, posts] = await Promise.all([
    searchVideosOfUser(ctx.db, userId, q, SEARCH_LIMIT),
    searchPostsOfUser(ctx.db, userId, q, platformsNamed(q), SEARCH_LIMIT),
  ]);
  const found = [...videos.map(videoResult), ...posts.map(postResult)];
  // Array sort is stable: at the same moment a video comes before its posts.
  return found.sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified)).slice(0, SEARCH_LIMIT);
}
