import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table two_factor (
      user_id integer primary key references users(id) on delete cascade,
      secret_enc text,
      pending_secret_enc text,
      enabled_at timestamptz,
      last_used_step bigint,
      backup_code_salt text,
      updated_at timestamptz not null default now()
    );

    create table backup_codes (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, code_hash)
    );

    create table passkeys (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      credential_id text not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports jsonb not null default '[]',
      user_handle text not null,
      device_type text not null,
      backed_up boolean not null default false,
      device_name text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index passkeys_user_id_idx on passkeys (user_id);

    create table auth_challenges (
      id integer generated always as identity primary key,
      key_hash text not null unique,
      purpose text not null,
      user_id integer references users(id) on delete cascade,
      challenge text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );
    create index auth_challenges_expires_at_idx on auth_challenges (expires_at);

    create table identities (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      provider text not null,
      subject text not null,
      email text,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      unique (provider, subject)
    );
    create index identities_user_id_idx on identities (user_id);

    create table security_events (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      type text not null,
      detail jsonb not null default '{}',
      ip text,
      user_agent text,
      created_at timestamptz not null default now()
    );
    create index security_events_user_idx on security_events (user_id, id desc);

    create table auth_failures (
      id bigint generated always as identity primary key,
      key text not null,
      at timestamptz not null
    );
    create index auth_failures_key_at_idx on auth_failures (key, at);
    create index auth_failures_at_idx on auth_failures (at);
  `.execute(db);
}
