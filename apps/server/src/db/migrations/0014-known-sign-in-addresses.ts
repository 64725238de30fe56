import { sql, type Kysely } from 'kysely';

/**
 * The client addresses each account has signed in from. A sign-in from one of them with the right password
 * is not held back by failures that other addresses piled onto the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table known_sign_in_addresses (
      user_id integer not null references users (id) on delete cascade,
      address text not null,
      first_at timestamptz not null default now(),
      last_at timestamptz not null default now(),
      primary key (user_id, address)
    )
  `.execute(db);
}
