import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One resumable upload (migration 0012). */
export interface TusUploadsTable {
  /** The tus upload id: 128 random bits, hex. */
  id: string;
  user_id: number;
  project_id: number;
  /** Upload-Length: the whole file. */
  size_bytes: number;
  /** The browser's file name, cleaned. */
  filename: string;
  title: string | null;
  /** The video it became; null while unfinished. */
  video_id: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface TusUploadsTables {
  tus_uploads: TusUploadsTable;
}

export type TusUploadRow = Selectable<TusUploadsTable>;
