import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AppliedPrivacy, PostError, PostProgress, PostStatus, NotificationKind } from '@fanout/contracts';
import type { PublishJournal } from '../platforms/platform-adapter';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** `sending`: the request may be out; it is never sent again without a person's retry. */
export type FirstCommentStatus = 'pending' | 'sending' | 'posted' | 'failed';

export type PostCopyStatus = 'queued' | 'rendering' | 'ready' | 'failed' | 'deleted';

/** One video to one connected account (migration 0008). */
export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  video_id: number;
  /** null once the connection is removed (the post keeps its history). */
  connection_id: number | null;
  platform: string;
  /** The account's name when the post was made, for lists (kept after a disconnect). */
  account_name: Generated<string>;
  /** The platform's id of that account (migration 0033); null for posts whose connection was gone before. */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The caption override; null: built from the video's details. */
  caption: string | null;
  options: Json<Record<string, unknown>>;
  status: ColumnType<PostStatus, PostStatus | undefined, PostStatus>;
  scheduled_at: Timestamp;
  /** Not held: when the post is next due for work. Held (lease_owner set): when the lease ends. */
  due_at: NullableTimestamp;
  /** The worker run holding the post; null when nobody is. */
  lease_owner: string | null;
  started_at: NullableTimestamp;
  published_at: NullableTimestamp;
  url: string | null;
  platform_post_id: string | null;
  /** The privacy the platform applied when not the one chosen, read back after publishing (migration 0038). */
  applied_privacy: NullableJson<AppliedPrivacy>;
  /** The platform's words when it refused the cover after the post went live (migration 0042). */
  cover_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** YouTube's words when it refused to add the live video to a chosen playlist (0046). */
  playlist_error: ColumnType<string | null, string | null | undefined, string | null>;
  captions_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The adapter's journal after the last committed step; null before the first. */
  journal: NullableJson<PublishJournal>;
  progress: Json<PostProgress>;
  error: NullableJson<PostError>;
  /** Publishing runs started (the first, and each retry a person asks for). */
  attempts: Generated<number>;
  /** Automatic retries of the current step (backoff grows with it); reset when a step succeeds. */
  step_tries: Generated<number>;
  /**
   * Corrected before a retry while the platform might hold the first version (migration 0030): the runner
   * asks the platform first, and starts the journal over with the correction only when the post is not there.
   */
  start_over: Generated<boolean>;
  /** The first comment to post under the post once live (migration 0041); null: none. */
  first_comment: ColumnType<string | null, string | null | undefined, string | null>;
  first_comment_status: ColumnType<
    FirstCommentStatus | null,
    FirstCommentStatus | null | undefined,
    FirstCommentStatus | null
  >;
  /** While `sending`: when the send's hold ends (a run that died leaves it past). */
  first_comment_due_at: NullableTimestamp;
  first_comment_id: ColumnType<string | null, string | null | undefined, string | null>;
  first_comment_url: ColumnType<string | null, string | null | undefined, string | null>;
  first_comment_error: NullableJson<{ code: string; message: string }>;
  /** The fitting copy the post sends instead of the video as uploaded (migration 0043); null: the original. */
  rendition_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The copy's state, mirrored by a trigger; not null: the post needs its copy (`deleted` once it is gone).
   */
  rendition_status: ColumnType<PostCopyStatus | null, PostCopyStatus | null | undefined, PostCopyStatus | null>;
  rendition_progress: ColumnType<number | null, number | null | undefined, number | null>;
  /** The person who made it (migration 0052); the owner's id stays in `user_id`. Null for older posts. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last approval: who and when (null: never approved, or approval not asked). */
  approved_by: ColumnType<number | null, number | null | undefined, number | null>;
  approved_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  kind: NotificationKind;
  platform: string | null;
  post_id: number | null;
  video_id: number | null;
  message: string;
  link: string;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PostsTables {
  posts: PostsTable;
  notifications: NotificationsTable;
}

export type PostRow = Selectable<PostsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
