import { sql, type Kysely } from 'kysely';

/**
 * Posts (one video to one connected account) and the bell's notifications.
 *
 * A post is worked on by whoever holds its lease: `lease_owner` is set and `due_at` is when the lease ends.
 * A post nobody holds is due for work at `due_at` (its scheduled time, a retry's time, a rate limit's reset).
 * So one index, (status, due_at), finds everything the sweep must pick up: due and waiting posts, and posts
 * whose worker died. The journal is what the adapter needs to resume, committed after every step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table posts (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      project_id integer not null references projects(id) on delete cascade,
      video_id integer not null references videos(id) on delete cascade,
      connection_id integer references platform_connections(id) on delete set null,
      platform text not null,
      account_name text not null default '',
      caption text,
      options jsonb not null default '{}',
      status text not null default 'scheduled'
        check (status in ('scheduled', 'publishing', 'published', 'failed', 'cancelled', 'unconfirmed')),
      scheduled_at timestamptz not null,
      due_at timestamptz,
      lease_owner text,
      started_at timestamptz,
      published_at timestamptz,
      url text,
      platform_post_id text,
      journal jsonb,
      progress jsonb not null default '{"step":null,"bytesSent":0,"bytesTotal":0}',
      error jsonb,
      attempts integer not null default 0,
      step_tries integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index posts_due_idx on posts (due_at) where status in ('scheduled', 'publishing');
    create index posts_video_idx on posts (video_id);
    create index posts_project_scheduled_idx on posts (project_id, scheduled_at desc, id desc);
    create index posts_connection_idx on posts (connection_id) where status = 'publishing';
    create index posts_updated_idx on posts (updated_at);

    create table notifications (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      project_id integer references projects(id) on delete cascade,
      kind text not null check (kind in ('published', 'failed', 'unconfirmed', 'needs_reconnect')),
      platform text,
      post_id integer references posts(id) on delete cascade,
      video_id integer references videos(id) on delete cascade,
      message text not null,
      link text not null,
      read_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index notifications_user_idx on notifications (user_id, id desc);
  `.execute(db);
}
