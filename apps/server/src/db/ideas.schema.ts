import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One card of the planning board (migration 0017). */
export interface IdeasTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  title: string;
  notes: Generated<string>;
  /** `idea` … `published` (contracts' IdeaColumn). */
  board_column: string;
  /** 0-based, dense within (project, column). */
  position: number;
  /** Read as `YYYY-MM-DD` text (see the repository), so no time zone ever shifts it. */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  video_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdeasTables {
  ideas: IdeasTable;
}

export type IdeaRow = Selectable<IdeasTable>;
