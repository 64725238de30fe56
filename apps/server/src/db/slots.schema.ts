import type { ColumnType, Selectable } from 'kysely';

/** One weekly posting slot (migration 0016). */
export interface PostingSlotsTable {
  project_id: number;
  platform: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes after local midnight, 0–1439. */
  minute: number;
  /** The connections (accounts) the slot is for (migration 0033); null: every account of the platform. */
  connection_ids: ColumnType<number[] | null, string | null | undefined, string | null>;
}

/** The zone a project's slots are read in; no row: the project's own time zone. */
export interface PostingSlotSettingsTable {
  project_id: number;
  time_zone: string;
}

export interface SlotsTables {
  posting_slots: PostingSlotsTable;
  posting_slot_settings: PostingSlotSettingsTable;
}

export type PostingSlotRow = Selectable<PostingSlotsTable>;
