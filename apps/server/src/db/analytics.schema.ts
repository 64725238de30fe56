import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One metrics sync of one published post (migration 0018). null: the platform gives no such figure. */
export interface PostMetricSamplesTable {
  id: Generated<string>;
  post_id: number;
  project_id: number;
  platform: string;
  synced_at: Timestamp;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

/** Where the metrics syncing of one post stands (migration 0018). */
export interface PostMetricSyncsTable {
  post_id: number;
  project_id: number;
  last_attempt_at: Timestamp;
  last_synced_at: NullableTimestamp;
  next_sync_at: Timestamp;
  /** Why the last try failed, in words for people; null when it worked. */
  failure: string | null;
  /** The platform error's kind (`disconnected`, `rejected` …) or `unknown`. */
  failure_kind: string | null;
  /** Failed tries in a row. */
  failures: Generated<number>;
}

export interface AnalyticsTables {
  post_metric_samples: PostMetricSamplesTable;
  post_metric_syncs: PostMetricSyncsTable;
}

export type PostMetricSampleRow = Selectable<PostMetricSamplesTable>;
export type PostMetricSyncRow = Selectable<PostMetricSyncsTable>;
