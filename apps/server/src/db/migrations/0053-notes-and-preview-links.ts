import { sql, type Kysely } from 'kysely';

/**
 * Teams: notes (the team's discussion of a post or a video, with the members they mention) and client preview
 * links (a page without an account, for the posts a link names or a range of time; only the SHA-256 of the
 * link's token is kept). The bell gains the kind `mention` (after 0052's approval kinds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table preview_links (
      id serial primary key,
      project_id integer not null references projects(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      created_by integer references users(id) on delete set null,
      token_hash text not null unique,
      post_ids jsonb,
      range_from timestamptz,
      range_to timestamptz,
      expires_at timestamptz not null,
      allow_notes boolean not null default false,
      allow_approval boolean not null default false,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      check ((post_ids is null) <> (range_from is null and range_to is null))
    )`.execute(db);
  await sql`create index preview_links_project on preview_links (project_id, id desc)`.execute(db);
  await sql`
    create table notes (
      id serial primary key,
      project_id integer not null references projects(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      post_id integer references posts(id) on delete cascade,
      video_id integer references videos(id) on delete cascade,
      author_id integer references users(id) on delete set null,
      author_name text not null,
      preview_link_id integer references preview_links(id) on delete set null,
      text text not null,
      mentions jsonb not null default '[]',
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      check ((post_id is null) <> (video_id is null))
    )`.execute(db);
  await sql`create index notes_post on notes (post_id, id) where post_id is not null`.execute(db);
  await sql`create index notes_video on notes (video_id, id) where video_id is not null`.execute(db);
  await sql`alter table notifications drop constraint if exists notifications_kind_check`.execute(db);
  await sql`
    alter table notifications add constraint notifications_kind_check
      check (kind in ('published', 'failed', 'unconfirmed', 'needs_reconnect', 'approval_requested', 'approved',
        'changes_requested', 'mention'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where kind = 'mention'`.execute(db);
  await sql`alter table notifications drop constraint if exists notifications_kind_check`.execute(db);
  await sql`
    alter table notifications add constraint notifications_kind_check
      check (kind in ('published', 'failed', 'unconfirmed', 'needs_reconnect', 'approval_requested', 'approved',
        'changes_requested'))`.execute(db);
  await sql`drop table if exists notes`.execute(db);
  await sql`drop table if exists preview_links`.execute(db);
}
