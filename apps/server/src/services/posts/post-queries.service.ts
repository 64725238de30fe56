import { POSTS_CALENDAR_MAX, POSTS_PAGE_MAX, type Post, type PostPage, type PostsQuery } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import {
  findPostOfUser,
  listPostsOfVideo,
  listPostsPage,
  type PostWithVideo,
} from '../../repositories/posts.repository';
import { checkProjectConnection } from '../connections/connections.service';
import { getOwnProject } from '../projects.service';
import { ownVideo } from './create-posts.service';
import { decodeCursor, encodeCursor } from './post-cursor';
import { toPostJson } from './post-json';

export const POSTS_PAGE_DEFAULT = 50;

export async function ownPostRow(ctx: AppContext, userId: number, postId: number): Promise<PostWithVideo> {
  const row = await findPostOfUser(ctx.db, postId, userId);
  if (!row) throw notFound('Post');
  return row;
}

export async function getPost(ctx: AppContext, userId: number, postId: number): Promise<Post> {
  return toPostJson(await ownPostRow(ctx, userId, postId));
}

export async function listVideoPosts(ctx: AppContext, userId: number, videoId: number): Promise<Post[]> {
  await ownVideo(ctx, userId, videoId);
  return (await listPostsOfVideo(ctx.db, videoId, userId)).map(toPostJson);
}

/** The page size asked for: ≤ 100, or ≤ 1,000 for a calendar's range (both `from` and `to`). */
function pageSize(query: PostsQuery): number {
  const calendar = query.from !== undefined && query.to !== undefined;
  const max = calendar ? POSTS_CALENDAR_MAX : POSTS_PAGE_MAX;
  const limit = query.limit ?? POSTS_PAGE_DEFAULT;
  if (limit > max) {
    throw badRequest(
      calendar
        ? `limit is at most ${POSTS_CALENDAR_MAX} for a range`
        : `limit is at most ${POSTS_PAGE_MAX} (at most ${POSTS_CALENDAR_MAX} with both from and to)`,
      'invalid_limit',
    );
  }
  return limit;
}

/** GET /api/posts: a project's posts, newest time first, a page at a time (keyset, so pages never shift). */
export async function listPosts(ctx: AppContext, userId: number, query: PostsQuery): Promise<PostPage> {
  const limit = pageSize(query);
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw badRequest('from must be before to', 'invalid_range');
  const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
  await getOwnProject(ctx, userId, query.project_id);
  if (query.connection_id !== undefined) await checkProjectConnection(ctx, query.project_id, query.connection_id);
  const rows = await listPostsPage(ctx.db, {
    userId,
    projectId: query.project_id,
    status: query.status,
    platform: query.platform,
    connectionId: query.connection_id,
    from,
    to,
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map(toPostJson),
    nextCursor: rows.length > limit && last ? encodeCursor({ scheduledAt: last.scheduled_at, id: last.id }) : null,
  };
}
