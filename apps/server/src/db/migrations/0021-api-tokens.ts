import { sql, type Kysely } from 'kysely';

/**
 * Personal API tokens: a person's way in for scripts and automation tools. Only the SHA-256 of the secret is
 * kept; a copy of this table lets no one in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_tokens (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      name text not null,
      token_hash text not null unique,
      scopes jsonb not null,
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )
  `.execute(db);
  await sql`create index api_tokens_user_id on api_tokens (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists api_tokens`.execute(db);
}
