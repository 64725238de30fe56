import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One note of a team's discussion of a post or of a video, never both (migration 0053). */
export interface NotesTable {
  id: Generated<number>;
  project_id: number;
  /** The project's owner, as on every row of the project. */
  user_id: number;
  post_id: number | null;
  video_id: number | null;
  /** The member who wrote it; null when written through a preview link (then `preview_link_id`). */
  author_id: number | null;
  /** The name shown: the member's at the time, or the one a preview visitor gave. */
  author_name: string;
  preview_link_id: number | null;
  text: string;
  /** The members it names, `[{userId, name}]`. */
  mentions: ColumnType<{ userId: number; name: string }[], string | undefined, string>;
  created_at: Timestamp;
  edited_at: NullableTimestamp;
}

/** A client preview link (migration 0053): only the SHA-256 of its token is kept. */
export interface PreviewLinksTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  created_by: number | null;
  token_hash: string;
  /** The posts it names, or null with a range (resolved when the page is opened). */
  post_ids: ColumnType<number[] | null, string | null, string | null>;
  range_from: NullableTimestamp;
  range_to: NullableTimestamp;
  expires_at: Timestamp;
  allow_notes: boolean;
  allow_approval: boolean;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface NotesTables {
  notes: NotesTable;
  preview_links: PreviewLinksTable;
}

export type NoteRow = Selectable<NotesTable>;
export type PreviewLinkRow = Selectable<PreviewLinksTable>;
