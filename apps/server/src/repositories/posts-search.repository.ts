import type { PlatformKey, PostStatus } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { visibleTo } from './member-places.repository';
import { updatedKeySql, type UpdatedPosition } from './videos.repository';

/** A post the header search found, with what its result row shows. */
export interface PostSearchRow {
  id: number;
  video_id: number;
  platform: string;
  status: PostStatus;
  account_name: string;
  caption: string | null;
  video_title: string;
  project_name: string;
  username: string;
  updated_at: Date;
  /** updated_at to the microsecond, for the next page's cursor. */
  sort_key: string;
}

/** `%text%` for ILIKE, with the text's own \, % and _ taken literally. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a post's search matches: its text or account name contains `text`, or its platform is one of `platforms`. */
export interface PostMatch {
  text: string;
  /** The platforms whose name contains the text. */
  platforms: readonly PlatformKey[];
}

/**
 * The user's posts whose text (the caption override, or the video's title when it has none) or account name
 * contains the text, case-insensitive, or whose platform is one of the named ones (every post when `match` is
 * undefined: the Recent list); most recently changed first.
 */
export async function searchPostsOfUser(
  db: DB,
  userId: number,
  match: PostMatch | undefined,
  limit: number,
  after?: UpdatedPosition,
): Promise<PostSearchRow[]> {
  let query = db
    .selectFrom('posts')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .innerJoin('projects', 'projects.id', 'posts.project_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([
      'posts.id',
      'posts.video_id',
      'posts.platform',
      'posts.status',
      'posts.account_name',
      'posts.caption',
      'posts.updated_at',
      'videos.title as video_title',
      'projects.name as project_name',
      'users.username as username',
      updatedKeySql('posts').as('sort_key'),
    ])
    .where(visibleTo('posts', userId, 'see_posts'));
  if (after)
    query = query.where(sql<boolean>`(posts.updated_at, posts.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  if (match) {
    const pattern = likeContains(match.text);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('posts.caption', 'videos.title'), 'ilike', pattern),
        eb('posts.account_name', 'ilike', pattern),
        ...(match.platforms.length > 0 ? [eb('posts.platform', 'in', [...match.platforms])] : []),
      ]),
    );
  }
  return query.orderBy('posts.updated_at', 'desc').orderBy('posts.id', 'desc').limit(limit).execute();
}
