import { sql, type Kysely } from 'kysely';

/**
 * One platform account per project and platform. Tokens are sealed by the secret box (bound to project,
 * platform and account); `refresh_lease_*` lets one process at a time refresh a connection without holding
 * a row lock across the platform's HTTP call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table platform_connections (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      project_id integer not null references projects(id) on delete cascade,
      platform text not null,
      account_id text not null,
      account_name text not null,
      avatar_url text,
      sandbox boolean not null,
      scopes jsonb not null default '[]',
      access_token_enc text not null,
      refresh_token_enc text,
      expires_at timestamptz,
      refresh_expires_at timestamptz,
      extra jsonb not null default '{}',
      status text not null default 'connected' check (status in ('connected', 'needs_reconnect')),
      status_reason text,
      refresh_lease_id text,
      refresh_lease_until timestamptz,
      connected_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (project_id, platform)
    );
    create index platform_connections_user_id_idx on platform_connections (user_id);
    create index platform_connections_due_idx on platform_connections (expires_at) where status = 'connected';
  `.execute(db);
}
