import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One call of a limited kind (migration 0029); `key` names the kind and whose it is. */
export interface RequestLimitHitsTable {
  key: string;
  at: Timestamp;
}

/** Where a project's latest "Sync now" stands (migration 0029). */
export interface AnalyticsSyncRunsTable {
  project_id: number;
  /** Names this run: a later run replaces the row, and what the earlier one writes then changes nothing. */
  run_id: string;
  started_at: Timestamp;
  /** Renewed while the run goes on: a run not renewed for a while died with its process. */
  alive_at: Timestamp;
  finished_at: NullableTimestamp;
  /** The run's answer, once finished; null while it runs or when it ended without one. */
  synced: number | null;
  failed: number | null;
}

export interface RequestLimitsTables {
  request_limit_hits: RequestLimitHitsTable;
  analytics_sync_runs: AnalyticsSyncRunsTable;
}

export type AnalyticsSyncRunRow = Selectable<AnalyticsSyncRunsTable>;
