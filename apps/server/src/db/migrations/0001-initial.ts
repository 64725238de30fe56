import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id integer generated always as identity primary key,
      email text not null,
      username text not null,
      password_hash text,
      full_name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_email_key on users (lower(email));
    create unique index users_username_key on users (lower(username));

    create table sessions (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      token_hash text not null unique,
      user_agent text,
      ip text,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index sessions_user_id_idx on sessions (user_id);

    create table projects (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      name text not null,
      initials text not null check (char_length(initials) between 1 and 2),
      color1 text not null,
      color2 text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index projects_user_id_idx on projects (user_id);

    create table videos (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      project_id integer not null references projects(id) on delete cascade,
      title text not null,
      description text not null default '',
      tags jsonb not null default '[]',
      platforms jsonb not null default '[]',
      status text not null check (status in
        ('awaiting-details','ready','uploading','processing','scheduled','published','failed')),
      views integer not null default 0,
      duration_seconds double precision,
      size_bytes bigint not null,
      filename text not null unique,
      thumbnail_filename text,
      width integer,
      height integer,
      video_codec text,
      audio_codec text,
      mime_type text not null,
      original_name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index videos_project_id_idx on videos (project_id, created_at desc);
    create index videos_user_id_idx on videos (user_id);
  `.execute(db);
}
