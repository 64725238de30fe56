import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One personal API token (migration 0021). */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  token_hash: string;
  /** JSON array of scopes (`read`, `write`). */
  scopes: ColumnType<string[], string, string>;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface ApiTokensTables {
  api_tokens: ApiTokensTable;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;
