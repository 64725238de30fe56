import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/database';
import type { Database, VideoRow } from '../db/schema';

export type VideoOrder = 'newest' | 'oldest' | 'title';

/** Which of a user's videos a list holds. */
export interface VideoListFilter {
  userId: number;
  projectId?: number;
  /** Title contains it, ignoring case. */
  text?: string;
  /** The status the video shows (services/posts/video-post-status.ts), not the stored one. */
  shownStatus?: string;
  /** Carries this tag, ignoring case. */
  tag?: string;
  /** Is in this collection. */
  collectionId?: number;
  order: VideoOrder;
}

/** Where a page ends: the last video's sort key (sortKeySql) and id. */
export interface VideoPosition {
  key: string;
  id: number;
}

export type VideoRowWithKey = VideoRow & { sort_key: string };

/** `\`, `%` and `_` match themselves. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The status a video shows, in SQL: videoPostStatus (services/posts/video-post-status.ts) applied to the post
 * counts that summarizePostsOfVideos makes (per platform its newest post that is not cancelled). With no such
 * post, the aggregate has no row and the stored status shows. The posts-and-statuses test compares the two.
 */
const shownStatusSql = sql<string>`coalesce((
  select case
    when count(*) filter (where cp.status = 'publishing') > 0 then 'processing'
    when count(*) filter (where cp.status in ('scheduled', 'awaiting_approval')) > 0 then 'scheduled'
    when count(*) filter (where cp.status in ('failed', 'unconfirmed')) = 0 then 'published'
    else 'failed'
  end
  from (
    select distinct on (p.platform) p.status from posts p
    where p.video_id = videos.id and p.status <> 'cancelled'
    order by p.platform, p.id desc
  ) cp
  having count(*) > 0
), videos.status)`;

/**
 * The title order compares the first 32 characters, lower-cased, then the id: short enough to travel in a
 * cursor (the contract caps it at 300 characters) and served by the index of migration 0010.
 */
const TITLE_KEY = sql<string>`lower(left(videos.title, 32))`;
/** created_at to the microsecond, as text that casts back to the same timestamptz. */
const CREATED_KEY = sql<string>`to_char(videos.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const sortKeySql = (order: VideoOrder) => (order === 'title' ? TITLE_KEY : CREATED_KEY);

type VideosQuery<O> = SelectQueryBuilder<Database, 'videos', O>;

function matching<O>(query: VideosQuery<O>, f: VideoListFilter): VideosQuery<O> {
  let q = query.where('videos.user_id', '=', f.userId);
  if (f.projectId !== undefined) q = q.where('videos.project_id', '=', f.projectId);
  if (f.text) q = q.where('videos.title', 'ilike', likeContains(f.text));
  if (f.shownStatus) q = q.where(sql<boolean>`${shownStatusSql} = ${f.shownStatus}`);
  if (f.tag) {
    q = q.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements_text(videos.tags) as t(tag) where lower(t.tag) = lower(${f.tag}))`,
    );
  }
  if (f.collectionId !== undefined) {
    const collectionId = f.collectionId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('collection_videos')
          .select('collection_videos.video_id')
          .whereRef('collection_videos.video_id', '=', 'videos.id')
          .where('collection_videos.collection_id', '=', collectionId),
      ),
    );
  }
  return q;
}

function ordered<O>(query: VideosQuery<O>, order: VideoOrder): VideosQuery<O> {
  if (order === 'title') return query.orderBy(TITLE_KEY, 'asc').orderBy('videos.id', 'asc');
  const dir = order === 'newest' ? 'desc' : 'asc';
  return query.orderBy('videos.created_at', dir).orderBy('videos.id', dir);
}

/** Only the videos after `after` in the order (a row comparison the (project_id, key, id) indexes serve). */
function after<O>(query: VideosQuery<O>, order: VideoOrder, pos: VideoPosition): VideosQuery<O> {
  if (order === 'title') return query.where(sql<boolean>`(${TITLE_KEY}, videos.id) > (${pos.key}, ${pos.id})`);
  const cmp = order === 'newest' ? sql.raw('<') : sql.raw('>');
  return query.where(sql<boolean>`(videos.created_at, videos.id) ${cmp} (${pos.key}::timestamptz, ${pos.id})`);
}

/** The page query, unexecuted (for EXPLAIN in the benchmark). */
export function videoPageQuery(db: DB, f: VideoListFilter, limit: number, from?: VideoPosition) {
  let query = matching(db.selectFrom('videos').selectAll('videos').select(sortKeySql(f.order).as('sort_key')), f);
  if (from) query = after(query, f.order, from);
  return ordered(query, f.order).limit(limit);
}

/** Up to `limit` matching videos after `from` (or from the start), each with its sort key for the next cursor. */
export async function listVideoPage(
  db: DB,
  f: VideoListFilter,
  limit: number,
  from?: VideoPosition,
): Promise<VideoRowWithKey[]> {
  return videoPageQuery(db, f, limit, from).execute();
}

/** The count query, unexecuted. */
export function countMatchingQuery(db: DB, f: VideoListFilter) {
  return matching(db.selectFrom('videos').select(sql<number>`count(*)`.as('n')), f);
}

/** Every matching video, in the order. */
export async function listMatchingVideos(db: DB, f: VideoListFilter): Promise<VideoRow[]> {
  return ordered(matching(db.selectFrom('videos').selectAll('videos'), f), f.order).execute();
}

/** How many videos match, counted by the database. */
export async function countMatchingVideos(db: DB, f: VideoListFilter): Promise<number> {
  const row = await countMatchingQuery(db, f).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of every matching video, in the order. */
export async function listMatchingVideoIds(db: DB, f: VideoListFilter): Promise<number[]> {
  const rows = await ordered(matching(db.selectFrom('videos').select('videos.id'), f), f.order).execute();
  return rows.map((r) => r.id);
}
