import type { ColumnType, Generated } from 'kysely';

/** The check value of the database's secret key (migration 0026): one row at most. */
export interface SecretKeyCheckTable {
  id: Generated<boolean>;
  /** Hex HMAC-SHA256 of a fixed label under the key. */
  check_value: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SecretKeyCheckTables {
  secret_key_check: SecretKeyCheckTable;
}
