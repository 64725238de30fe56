import type { PostStatus } from '@fanout/contracts';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { PostCopyStatus, PostRow } from '../db/posts.schema';

/** A post with its video's title, as lists show it. */
export type PostWithVideo = PostRow & { video_title: string };

export interface NewPost {
  userId: number;
  projectId: number;
  videoId: number;
  connectionId: number;
  platform: string;
  /** The platform's id of the account. */
  accountId: string;
  accountName: string;
  /** The caption override; null: built from the video's details when it is published. */
  caption: string | null;
  options: Record<string, unknown>;
  scheduledAt: Date;
  /** Posted under the post once it is live; absent or null: none. */
  firstComment?: string | null;
  /** The fitting copy it sends instead of the video as uploaded; absent or null: the original. */
  renditionId?: number | null;
  /** `awaiting_approval`: it waits for an approver (migration 0052); absent: `scheduled`. */
  status?: 'scheduled' | 'awaiting_approval';
  /** The person who made it; absent or null: not known (the owner's id is `userId`). */
  createdBy?: number | null;
}

export interface ScheduledPostChanges {
  caption?: string | null;
  options?: Record<string, unknown>;
  /** A new time moves when the post is due with it. */
  scheduledAt?: Date;
  /** A new first comment (pending), or null: none. */
  firstComment?: string | null;
  /** Another fitting copy, or null: the video as uploaded. The post stops waiting for the one it had. */
  renditionId?: number | null;
  /** The change needs approval (again): the post becomes `awaiting_approval`; absent: its status stays. */
  needsApproval?: boolean;
}

/** The two statuses a post waits in before it starts, in which it may still be changed or cancelled. */
const WAITING = ['scheduled', 'awaiting_approval'] as const;

/** A post's copy columns set to another copy (or none), and its wait for the one before ended. */
function changedCopy(id: number | null, scheduledAt: Date | undefined) {
  return {
    ...(id === null ? { rendition_id: null, rendition_status: null, rendition_progress: null } : copyColumns(id)),
    due_at: scheduledAt ?? sql<Date>`scheduled_at`,
    error: sql<string | null>`case when error->>'code' = 'waiting_for_copy' then null else error end`,
    progress: sql<string>`case when progress->>'step' = 'rendering'
      then jsonb_build_object('step', null, 'bytesSent', 0, 'bytesTotal', 0) else progress end`,
  };
}

/** Changed, a waiting post has answered a request for changes; overdue is marked again if its time passed. */
const answeredError = sql<
  string | null
>`case when error->>'code' in ('changes_requested', 'approval_overdue') then null else error end`;

export interface PostsFilter {
  userId: number;
  projectId: number;
  status?: PostStatus;
  platform?: string;
  /** One account's posts. */
  connectionId?: number;
  /** scheduled_at ≥ from */
  from?: Date;
  /** scheduled_at < to */
  to?: Date;
  /** Keyset: only posts after this one in the order (scheduled_at desc, id desc). */
  after?: { scheduledAt: Date; id: number };
  limit: number;
}

function selectWithVideo(db: DB) {
  return db
    .selectFrom('posts')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .selectAll('posts')
    .select('videos.title as video_title');
}

/** Rows per insert: 12 values each stays under PostgreSQL's 65,535 parameters (a CSV import makes thousands). */
const INSERT_BATCH = 2000;

/** Every post, in statements of INSERT_BATCH rows; in a transaction, nobody is due before it commits. */
export async function insertPosts(db: DB, posts: readonly NewPost[]): Promise<PostRow[]> {
  const rows: PostRow[] = [];
  for (let i = 0; i < posts.length; i += INSERT_BATCH)
    rows.push(...(await insertPostBatch(db, posts.slice(i, i + INSERT_BATCH))));
  return rows;
}

async function insertPostBatch(db: DB, posts: readonly NewPost[]): Promise<PostRow[]> {
  return db
    .insertInto('posts')
    .values(
      posts.map((p) => ({
        user_id: p.userId,
        project_id: p.projectId,
        video_id: p.videoId,
        connection_id: p.connectionId,
        platform: p.platform,
        account_id: p.accountId,
        account_name: p.accountName,
        caption: p.caption,
        options: JSON.stringify(p.options),
        status: p.status ?? ('scheduled' as const),
        created_by: p.createdBy ?? null,
        first_comment: p.firstComment ?? null,
        first_comment_status: p.firstComment ? ('pending' as const) : null,
        scheduled_at: p.scheduledAt,
        due_at: p.scheduledAt,
        ...(p.renditionId ? copyColumns(p.renditionId) : {}),
      })),
    )
    .returningAll()
    .execute();
}

/** The copy's state as it is when the post is written (the trigger of migration 0043 keeps it after). */
const copyColumns = (id: number) => ({
  rendition_id: id,
  rendition_status: sql<PostCopyStatus>`(select status from renditions where id = ${id})`,
  rendition_progress: sql<number>`(select progress from renditions where id = ${id})`,
});

export async function findPostOfUser(db: DB, id: number, userId: number): Promise<PostWithVideo | undefined> {
  return selectWithVideo(db).where('posts.id', '=', id).where('posts.user_id', '=', userId).executeTakeFirst();
}

/** A video's posts, newest time first. */
export async function listPostsOfVideo(db: DB, videoId: number, userId: number): Promise<PostWithVideo[]> {
  return selectWithVideo(db)
    .where('posts.video_id', '=', videoId)
    .where('posts.user_id', '=', userId)
    .orderBy('posts.scheduled_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
}

/** One page of a project's posts, newest time first (index posts_project_scheduled_idx). */
export async function listPostsPage(db: DB, f: PostsFilter): Promise<PostWithVideo[]> {
  let query = selectWithVideo(db).where('posts.project_id', '=', f.projectId).where('posts.user_id', '=', f.userId);
  if (f.status) query = query.where('posts.status', '=', f.status);
  if (f.platform) query = query.where('posts.platform', '=', f.platform);
  if (f.connectionId !== undefined) query = query.where('posts.connection_id', '=', f.connectionId);
  if (f.from) query = query.where('posts.scheduled_at', '>=', f.from);
  if (f.to) query = query.where('posts.scheduled_at', '<', f.to);
  if (f.after) {
    const { scheduledAt, id } = f.after;
    query = query.where(sql<boolean>`(posts.scheduled_at, posts.id) < (${scheduledAt}, ${id})`);
  }
  return query.orderBy('posts.scheduled_at', 'desc').orderBy('posts.id', 'desc').limit(f.limit).execute();
}

/** The videos' posts in one of `statuses` (other than `exceptId`), with their platform and account. */
export async function findPostsInStatus(
  db: DB,
  videoIds: readonly number[],
  statuses: readonly PostStatus[],
  exceptId?: number,
): Promise<{ id: number; video_id: number; platform: string; account_id: string | null; status: PostStatus }[]> {
  if (videoIds.length === 0) return [];
  let query = db
    .selectFrom('posts')
    .select(['id', 'video_id', 'platform', 'account_id', 'status'])
    .where('video_id', 'in', videoIds)
    .where('status', 'in', statuses);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.execute();
}

/**
 * The videos' posts that are not finished, locked until the transaction ends: a claim by the publish runner
 * (a compare-and-set on the status) waits for it, and a claim that committed first is seen here.
 */
export async function lockOpenPostsOfVideos(
  trx: DB,
  videoIds: readonly number[],
): Promise<{ id: number; video_id: number; status: PostStatus }[]> {
  if (videoIds.length === 0) return [];
  return trx
    .selectFrom('posts')
    .select(['id', 'video_id', 'status'])
    .where('video_id', 'in', videoIds)
    .where('status', 'in', ['scheduled', 'awaiting_approval', 'publishing'])
    .forUpdate()
    .execute();
}

/**
 * Compare-and-set: changes the post only while it is still `scheduled` or `awaiting_approval`; undefined when it
 * is not (any more). A change that needs approval turns it `awaiting_approval` and forgets the last approval; a
 * change to a waiting post answers the approver's request for changes, and a new time its being overdue.
 */
export async function updateScheduledPost(
  db: DB,
  id: number,
  userId: number,
  changes: ScheduledPostChanges,
): Promise<PostRow | undefined> {
  return (
    db
      .updateTable('posts')
      .set({
        ...(changes.caption !== undefined ? { caption: changes.caption } : {}),
        ...(changes.options !== undefined ? { options: JSON.stringify(changes.options) } : {}),
        ...(changes.scheduledAt !== undefined
          ? { scheduled_at: changes.scheduledAt, due_at: changes.scheduledAt }
          : {}),
        ...(changes.firstComment !== undefined
          ? { first_comment: changes.firstComment, first_comment_status: changes.firstComment ? 'pending' : null }
          : {}),
        ...(changes.renditionId !== undefined ? changedCopy(changes.renditionId, changes.scheduledAt) : {}),
        ...(changes.needsApproval
          ? { status: 'awaiting_approval' as const, approved_by: null, approved_at: null, error: answeredError }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', WAITING)
      // A comment already taken for sending is never changed under its send.
      .$if(changes.firstComment !== undefined, (q) =>
        q.where((eb) => eb.or([eb('first_comment_status', 'is', null), eb('first_comment_status', '=', 'pending')])),
      )
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * Compare-and-set: cancels the post only while it is still `scheduled` or `awaiting_approval`. A note it had
 * while waiting for its account to be reconnected goes with it.
 */
export async function cancelScheduledPost(db: DB, id: number, userId: number): Promise<PostRow | undefined> {
  return db
    .updateTable('posts')
    .set({ status: 'cancelled', due_at: null, error: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', WAITING)
    .returningAll()
    .executeTakeFirst();
}

/** What a retry does with the journal: resume from it, start over, or start over unless the platform has the post. */
export type JournalOnRetry = 'keep' | 'restart' | 'look-up';

export interface RetryChanges {
  caption?: string | null;
  options?: Record<string, unknown>;
  /** A later time: the post waits, `scheduled`, until then. Absent: due now. */
  scheduledAt?: Date;
  journal?: JournalOnRetry;
  /**
   * The retry waits for an approver (an editor's or a token's, in a project that needs approval): the post becomes
   * `awaiting_approval` at the time given, else now (approving an overdue post publishes it at once).
   */
  needsApproval?: boolean;
}

/**
 * Compare-and-set: a `failed` or `unconfirmed` post becomes due for work again, unheld, with what the person
 * corrected. Its journal is kept so the runner resumes from it (and asks the platform first when the journal
 * stands at the create call), or cleared, or kept with `start_over` (the runner asks, then starts over).
 * A person's retry is a new attempt, counted here, or by the runner's claim when it waits for a later time.
 */
export async function requeueFinishedPost(
  db: DB,
  id: number,
  userId: number,
  changes: RetryChanges = {},
): Promise<PostRow | undefined> {
  const waits = changes.needsApproval === true;
  const later = changes.scheduledAt !== undefined || waits;
  return db
    .updateTable('posts')
    .set((eb) => ({
      status: waits ? 'awaiting_approval' : later ? 'scheduled' : 'publishing',
      due_at: changes.scheduledAt ?? sql<Date>`now()`,
      ...(later ? { scheduled_at: changes.scheduledAt ?? sql<Date>`now()` } : {}),
      ...(waits ? { approved_by: null, approved_at: null } : {}),
      lease_owner: null,
      error: null,
      step_tries: 0,
      // A retry that waits for approval is counted now: the post has started before, so no claim counts it.
      attempts: later && !waits ? eb.ref('attempts') : eb('attempts', '+', 1),
      progress: sql`jsonb_build_object('step', ${later ? null : 'queued'}::text, 'bytesSent', 0, 'bytesTotal', coalesce((progress->>'bytesTotal')::bigint, 0))`,
      ...(changes.caption !== undefined ? { caption: changes.caption } : {}),
      ...(changes.options !== undefined ? { options: JSON.stringify(changes.options) } : {}),
      ...(changes.journal === 'restart' ? { journal: null } : {}),
      start_over: changes.journal === 'look-up',
      updated_at: sql`now()`,
    }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['failed', 'unconfirmed'])
    .returningAll()
    .executeTakeFirst();
}
