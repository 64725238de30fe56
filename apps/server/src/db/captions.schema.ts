import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A caption track of a video, one per language (migration 0045). */
export interface VideoCaptionsTable {
  id: Generated<number>;
  video_id: number;
  user_id: number;
  /** Canonical BCP-47. */
  language: string;
  label: string | null;
  format: 'srt' | 'vtt';
  cue_count: number;
  /** The stored file, as uploaded. */
  filename: string;
  bytes: ColumnType<number, number, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CaptionsTables {
  video_captions: VideoCaptionsTable;
}

export type VideoCaptionRow = Selectable<VideoCaptionsTable>;
