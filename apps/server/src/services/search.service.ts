import type { SearchResult } from '@fanout/contracts';
import type { AppContext } from '../context';
import { searchVideosOfUser } from '../repositories/videos.repository';
import { toIsoString } from './users.service';

export const SEARCH_LIMIT = 20;

/** The header search: the caller's videos whose title, description or a tag contains the text. */
export async function search(ctx: AppContext, userId: number, text: string): Promise<SearchResult[]> {
  const q = text.trim();
  if (!q) return [];
  const rows = await searchVideosOfUser(ctx.db, userId, q, SEARCH_LIMIT);
  return rows.map((row) => ({
    ref: `/video/${row.id}`,
    type: 'video' as const,
    name: row.title,
    drive: row.project_name,
    owner: row.username,
    modified: toIsoString(row.updated_at),
  }));
}
