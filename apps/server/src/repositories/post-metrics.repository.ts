import { sql } from 'kysely';
import type { DB } from '../db/database';

export interface MetricFigures {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

/** A published post as a metrics sync needs it. */
export interface SyncablePost {
  id: number;
  projectId: number;
  videoId: number;
  connectionId: number | null;
  platform: string;
  platformPostId: string;
  publishedAt: Date;
}

function syncablePosts(db: DB) {
  return db
    .selectFrom('posts')
    .leftJoin('post_metric_syncs', 'post_metric_syncs.post_id', 'posts.id')
    .select([
      'posts.id as id',
      'posts.project_id as projectId',
      'posts.video_id as videoId',
      'posts.connection_id as connectionId',
      'posts.platform as platform',
      'posts.platform_post_id as platformPostId',
      'posts.published_at as publishedAt',
    ])
    .where('posts.status', '=', 'published')
    .where('posts.platform_post_id', 'is not', null)
    .where('posts.published_at', 'is not', null);
}

type SyncableRow = { platformPostId: string | null; publishedAt: Date | null } & Omit<
  SyncablePost,
  'platformPostId' | 'publishedAt'
>;
const asSyncable = (rows: SyncableRow[]): SyncablePost[] =>
  rows.map((r) => ({ ...r, platformPostId: r.platformPostId!, publishedAt: r.publishedAt! }));

/**
 * Published posts due by `now`: read before and due again, or never read and published before `firstBefore`
 * (a post's first figures are read a while after it went out, not while they are still 0).
 */
export async function listPostsDueForMetrics(
  db: DB,
  now: Date,
  firstBefore: Date,
  limit: number,
): Promise<SyncablePost[]> {
  const rows = await syncablePosts(db)
    .where((eb) =>
      eb.or([
        eb.and([eb('post_metric_syncs.next_sync_at', 'is', null), eb('posts.published_at', '<=', firstBefore)]),
        eb('post_metric_syncs.next_sync_at', '<=', now),
      ]),
    )
    .orderBy(sql`post_metric_syncs.next_sync_at nulls first`)
    .orderBy('posts.id')
    .limit(limit)
    .execute();
  return asSyncable(rows);
}

/** Every published post of a project (the ones whose figures were read longest ago first). */
export async function listProjectPostsForMetrics(db: DB, projectId: number, limit: number): Promise<SyncablePost[]> {
  const rows = await syncablePosts(db)
    .where('posts.project_id', '=', projectId)
    .orderBy(sql`post_metric_syncs.last_attempt_at nulls first`)
    .orderBy('posts.id')
    .limit(limit)
    .execute();
  return asSyncable(rows);
}

export async function insertMetricSample(
  db: DB,
  s: { postId: number; projectId: number; platform: string; syncedAt: Date } & MetricFigures,
): Promise<void> {
  await db
    .insertInto('post_metric_samples')
    .values({
      post_id: s.postId,
      project_id: s.projectId,
      platform: s.platform,
      synced_at: s.syncedAt,
      views: s.views,
      likes: s.likes,
      comments: s.comments,
      shares: s.shares,
    })
    .execute();
}

/** Stores how a sync of one post went: `failure` null when it worked. */
export async function saveSyncState(
  db: DB,
  s: {
    postId: number;
    projectId: number;
    attemptAt: Date;
    nextSyncAt: Date;
    failure: { reason: string; kind: string } | null;
  },
): Promise<void> {
  const ok = s.failure === null;
  await db
    .insertInto('post_metric_syncs')
    .values({
      post_id: s.postId,
      project_id: s.projectId,
      last_attempt_at: s.attemptAt,
      last_synced_at: ok ? s.attemptAt : null,
      next_sync_at: s.nextSyncAt,
      failure: s.failure?.reason ?? null,
      failure_kind: s.failure?.kind ?? null,
      failures: ok ? 0 : 1,
    })
    .onConflict((oc) =>
      oc.column('post_id').doUpdateSet((eb) => ({
        last_attempt_at: s.attemptAt,
        last_synced_at: ok ? s.attemptAt : eb.ref('post_metric_syncs.last_synced_at'),
        next_sync_at: s.nextSyncAt,
        failure: s.failure?.reason ?? null,
        failure_kind: s.failure?.kind ?? null,
        failures: ok ? 0 : sql<number>`post_metric_syncs.failures + 1`,
      })),
    )
    .execute();
}

/** A video's views become the sum of its posts' latest views. */
export async function refreshVideoViews(db: DB, videoId: number): Promise<void> {
  await sql`
    update videos set views = coalesce((
      select sum(latest.views) from (
        select distinct on (s.post_id) s.views
        from post_metric_samples s join posts p on p.id = s.post_id
        where p.video_id = ${videoId}
        order by s.post_id, s.synced_at desc, s.id desc
      ) latest
    ), 0)
    where id = ${videoId}
  `.execute(db);
}

/** Which posts' figures a report counts: those of one platform, of one account, or all. */
export interface MetricScope {
  platform?: string;
  connectionId?: number;
}

/** `scope` on samples (`s`, alias of post_metric_samples) and their posts (`p`). */
function scopeSql(scope: MetricScope, samples = sql`post_metric_samples`) {
  return sql`${scope.platform ? sql`and ${samples}.platform = ${scope.platform}` : sql``}
    ${
      scope.connectionId !== undefined
        ? sql`and ${samples}.post_id in (select id from posts where connection_id = ${scope.connectionId})`
        : sql``
    }`;
}

export interface LatestPostMetrics {
  postId: number;
  platform: string;
  publishedAt: Date;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

/** The latest sample of every published post of a project (figures a platform does not give count 0). */
export async function listLatestPostMetrics(
  db: DB,
  projectId: number,
  scope: MetricScope = {},
): Promise<LatestPostMetrics[]> {
  const { rows } = await sql<LatestPostMetrics>`
    select distinct on (s.post_id)
      s.post_id as "postId", p.platform, p.published_at as "publishedAt",
      coalesce(s.views, 0) as views, coalesce(s.likes, 0) as likes,
      coalesce(s.comments, 0) as comments, coalesce(s.shares, 0) as shares
    from post_metric_samples s join posts p on p.id = s.post_id
    where s.project_id = ${projectId} and p.status = 'published' and p.published_at is not null
      ${scopeSql(scope, sql`s`)}
    order by s.post_id, s.synced_at desc, s.id desc
  `.execute(db);
  return rows;
}

export interface PostSample extends Required<{ [K in keyof MetricFigures]: number }> {
  postId: number;
  platform: string;
}

/** Each post's last sample before `before` (what it had reached then). */
export async function listSamplesBefore(
  db: DB,
  projectId: number,
  before: Date,
  scope: MetricScope = {},
): Promise<PostSample[]> {
  const { rows } = await sql<PostSample>`
    select distinct on (post_id) post_id as "postId", platform,
      coalesce(views, 0) as views, coalesce(likes, 0) as likes,
      coalesce(comments, 0) as comments, coalesce(shares, 0) as shares
    from post_metric_samples
    where project_id = ${projectId} and synced_at < ${before}
      ${scopeSql(scope)}
    order by post_id, synced_at desc, id desc
  `.execute(db);
  return rows;
}

/** Each post's last sample of each day (`YYYY-MM-DD` in `timeZone`) within [from, to), by post and day. */
export async function listDailySamples(
  db: DB,
  projectId: number,
  range: { from: Date; to: Date; timeZone: string },
  scope: MetricScope = {},
): Promise<(PostSample & { day: string })[]> {
  const { rows } = await sql<PostSample & { day: string }>`
    select distinct on (post_id, day) post_id as "postId", platform, day,
      coalesce(views, 0) as views, coalesce(likes, 0) as likes,
      coalesce(comments, 0) as comments, coalesce(shares, 0) as shares
    from (
      select *, to_char(synced_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day
      from post_metric_samples
      where project_id = ${projectId} and synced_at >= ${range.from} and synced_at < ${range.to}
        ${scopeSql(scope)}
    ) samples
    order by post_id, day, synced_at desc, id desc
  `.execute(db);
  return rows;
}

/** The videos of a project's posts that have samples: id and title by post. */
export async function listSampledPostVideos(
  db: DB,
  projectId: number,
): Promise<{ postId: number; videoId: number; title: string }[]> {
  return db
    .selectFrom('posts')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .select(['posts.id as postId', 'videos.id as videoId', 'videos.title as title'])
    .where('posts.project_id', '=', projectId)
    .where((eb) => eb.exists(eb.selectFrom('post_metric_samples').select('id').whereRef('post_id', '=', 'posts.id')))
    .execute();
}

/** The latest successful sync of any post of the project (of one platform). */
export async function findLastSyncedAt(db: DB, projectId: number, scope: MetricScope = {}): Promise<Date | null> {
  let query = db
    .selectFrom('post_metric_syncs')
    .innerJoin('posts', 'posts.id', 'post_metric_syncs.post_id')
    .select((eb) => eb.fn.max('post_metric_syncs.last_synced_at').as('at'))
    .where('post_metric_syncs.project_id', '=', projectId);
  if (scope.platform) query = query.where('posts.platform', '=', scope.platform);
  if (scope.connectionId !== undefined) query = query.where('posts.connection_id', '=', scope.connectionId);
  const row = await query.executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

export interface SyncProblemRow {
  postId: number;
  videoId: number;
  videoTitle: string;
  platform: string;
  failedAt: Date;
  reason: string;
  lastSyncedAt: Date | null;
}

/** Published posts whose latest sync failed, the most recent failure first. */
export async function listSyncProblems(db: DB, projectId: number, scope: MetricScope = {}): Promise<SyncProblemRow[]> {
  let query = db
    .selectFrom('post_metric_syncs')
    .innerJoin('posts', 'posts.id', 'post_metric_syncs.post_id')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .select([
      'posts.id as postId',
      'videos.id as videoId',
      'videos.title as videoTitle',
      'posts.platform as platform',
      'post_metric_syncs.last_attempt_at as failedAt',
      'post_metric_syncs.failure as reason',
      'post_metric_syncs.last_synced_at as lastSyncedAt',
    ])
    .where('post_metric_syncs.project_id', '=', projectId)
    .where('post_metric_syncs.failure', 'is not', null)
    .where('posts.status', '=', 'published');
  if (scope.platform) query = query.where('posts.platform', '=', scope.platform);
  if (scope.connectionId !== undefined) query = query.where('posts.connection_id', '=', scope.connectionId);
  const rows = await query.orderBy('post_metric_syncs.last_attempt_at', 'desc').limit(100).execute();
  return rows.map((r) => ({ ...r, reason: r.reason ?? '' }));
}
