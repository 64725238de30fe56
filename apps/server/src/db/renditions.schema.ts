import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** A fitting copy of a video (migration 0039). */
export interface RenditionsTable {
  id: Generated<number>;
  video_id: number;
  user_id: number;
  project_id: number;
  platform: string;
  connection_id: number | null;
  /** Hash of the video and the plan's steps: one copy per video and settings. */
  key: string;
  /** The RenditionRequest as asked. */
  request: Json<unknown>;
  /** The plan's FitStep[]. */
  steps: Json<unknown>;
  status: Generated<string>;
  progress: Generated<number>;
  error: NullableJson<{ code: string; message: string }>;
  /** What the plan expects the copy to weigh: held against the quota until the copy is ready. */
  estimated_bytes: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  duration_ms: number | null;
  size_bytes: number | null;
  storage_key: string | null;
  attempts: Generated<number>;
  lease_expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RenditionsTables {
  renditions: RenditionsTable;
}

export type RenditionRow = Selectable<RenditionsTable>;
