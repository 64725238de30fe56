import { sql, type Kysely } from 'kysely';

/**
 * Teams. A project keeps its one owner (`projects.user_id`, whose quota its storage counts against, and whose id
 * every row of the project carries); `project_members` adds the others, each with one role in it.
 * `project_invitations` are single-use links for people who may not have an account yet: only the SHA-256 of
 * the link's secret is kept. `projects.needs_approval`: posts made by an editor (or through an API token) wait
 * for an approver; `projects.clients_see_analytics`: the owner lets clients read the project's analytics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table project_members (
      project_id integer not null references projects(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role text not null check (role in ('editor', 'reviewer', 'client')),
      added_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (project_id, user_id)
    )`.execute(db);
  await sql`create index project_members_user on project_members (user_id)`.execute(db);
  await sql`
    create table project_invitations (
      id serial primary key,
      project_id integer not null references projects(id) on delete cascade,
      email text not null,
      role text not null check (role in ('editor', 'reviewer', 'client')),
      token_hash text not null unique,
      invited_by integer references users(id) on delete set null,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by integer references users(id) on delete set null,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index project_invitations_project on project_invitations (project_id)`.execute(db);
  await sql`alter table projects add column needs_approval boolean not null default false`.execute(db);
  await sql`alter table projects add column clients_see_analytics boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects drop column if exists clients_see_analytics`.execute(db);
  await sql`alter table projects drop column if exists needs_approval`.execute(db);
  await sql`drop table if exists project_invitations`.execute(db);
  await sql`drop table if exists project_members`.execute(db);
}
