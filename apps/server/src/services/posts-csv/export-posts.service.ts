import { Readable } from 'node:stream';
import {
  csvRecord,
  POSTS_EXPORT_COLUMNS,
  type ExportedPost,
  type PlatformKey,
  type PostsExportQuery,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { listLatestPostMetrics, type LatestPostMetrics } from '../../repositories/post-metrics.repository';
import { listPostsPage, type PostWithVideo } from '../../repositories/posts.repository';
import { checkProjectConnection } from '../connections/connections.service';
import { getOwnProject } from '../projects.service';
import { toIsoString } from '../users.service';

/** Posts read per query while streaming: memory stays flat however long the plan is. */
const PAGE = 1000;

function exported(row: PostWithVideo, metrics: LatestPostMetrics | undefined): ExportedPost {
  return {
    post_id: row.id,
    video_id: row.video_id,
    video_title: row.video_title,
    platform: row.platform as PlatformKey,
    status: row.status,
    scheduled_at: toIsoString(row.scheduled_at),
    published_at: row.published_at ? toIsoString(row.published_at) : null,
    account: row.account_name,
    caption: row.caption,
    first_comment: row.first_comment,
    // A post that sends a copy, even one whose copy is gone since: imported again, it asks for the default one.
    fit: row.rendition_id !== null || row.rendition_status !== null ? 'true' : 'false',
    url: row.url,
    error: row.error?.message ?? null,
    views: metrics?.views ?? null,
    likes: metrics?.likes ?? null,
    comments: metrics?.comments ?? null,
    shares: metrics?.shares ?? null,
  };
}

/** The project's posts in the range, newest time first, a page at a time, with their latest metrics. */
async function* exportedPosts(ctx: AppContext, userId: number, query: PostsExportQuery): AsyncGenerator<ExportedPost> {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  const scope = { platform: query.platform, connectionId: query.connection_id };
  const metrics = new Map(
    (await listLatestPostMetrics(ctx.db, query.project_id, scope)).map((m) => [Number(m.postId), m]),
  );
  let after: { scheduledAt: Date; id: number } | undefined;
  for (;;) {
    const page = await listPostsPage(ctx.db, {
      userId,
      projectId: query.project_id,
      ...scope,
      from,
      to,
      after,
      limit: PAGE,
    });
    for (const row of page) yield exported(row, metrics.get(row.id));
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = { scheduledAt: last.scheduled_at, id: last.id };
  }
}

/** The header, then a record per post, through the one cell rule of every CSV the product writes (csv-cells.ts). */
async function* csvChunks(posts: AsyncGenerator<ExportedPost>): AsyncGenerator<string> {
  yield csvRecord(POSTS_EXPORT_COLUMNS);
  for await (const post of posts) yield csvRecord(POSTS_EXPORT_COLUMNS.map((column) => post[column]));
}

async function* jsonChunks(posts: AsyncGenerator<ExportedPost>): AsyncGenerator<string> {
  yield '{"posts":[';
  let first = true;
  for await (const post of posts) {
    yield (first ? '' : ',') + JSON.stringify(post);
    first = false;
  }
  yield ']}';
}

/**
 * GET /api/posts/export: the project's posts as CSV (RFC 4180: CRLF, quoted where needed, a header row,
 * formula-safe cells) or JSON, streamed. 404 for a project that is not the caller's, before any byte is sent.
 */
export async function exportPosts(ctx: AppContext, userId: number, query: PostsExportQuery): Promise<Readable> {
  if (query.from && query.to && new Date(query.from) >= new Date(query.to)) {
    throw badRequest('from must be before to', 'invalid_range');
  }
  await getOwnProject(ctx, userId, query.project_id);
  if (query.connection_id !== undefined) await checkProjectConnection(ctx, query.project_id, query.connection_id);
  const posts = exportedPosts(ctx, userId, query);
  return Readable.from(query.format === 'json' ? jsonChunks(posts) : csvChunks(posts));
}
