import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Stored health; `expiring` is worked out from the expiry dates when read. */
export type StoredConnectionStatus = 'connected' | 'needs_reconnect';

/** One platform account connected to one project (unique per project, platform and account: migration 0033). */
export interface PlatformConnectionsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  platform: string;
  /** The account's id on the platform (a channel, a Page, a user). */
  account_id: string;
  account_name: string;
  avatar_url: string | null;
  /** The account lives on the platform emulator. */
  sandbox: boolean;
  /** JSON array of the granted scopes, in the platform's spelling. */
  scopes: ColumnType<string[], string | undefined, string>;
  /** Secret box, bound to project, platform and account (connection-tokens.ts). */
  access_token_enc: string;
  refresh_token_enc: string | null;
  expires_at: NullableTimestamp;
  refresh_expires_at: NullableTimestamp;
  /** What publishing needs besides tokens (a user name, a Page id); not secret. */
  extra: ColumnType<Record<string, string>, string | undefined, string>;
  status: ColumnType<StoredConnectionStatus, StoredConnectionStatus | undefined, StoredConnectionStatus>;
  /** The platform's words when status is needs_reconnect. */
  status_reason: string | null;
  /** Who is refreshing the tokens now, and until when that claim holds (compare-and-set, no row lock). */
  refresh_lease_id: string | null;
  refresh_lease_until: NullableTimestamp;
  connected_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConnectionsTables {
  platform_connections: PlatformConnectionsTable;
}

export type PlatformConnectionRow = Selectable<PlatformConnectionsTable>;
