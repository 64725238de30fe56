import { sql, type Kysely } from 'kysely';

/**
 * One row: a check value of the secret key the database was first started with (an HMAC of a fixed label
 * under it, never the key). A process started with another key sees the difference at start-up and stops,
 * instead of sealing secrets the other processes cannot open. Databases from before this migration get
 * their row at the first start after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table secret_key_check (
      id boolean primary key default true check (id),
      check_value text not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists secret_key_check`.execute(db);
}
