import { sql, type Kysely } from 'kysely';

/**
 * The planning board: ideas in columns, each column's positions 0 … n-1. The unique (project, column,
 * position) is checked at commit, so a move may shift a column's cards within its transaction, while no two
 * cards can ever end up sharing a place. A deleted video leaves its ideas without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ideas (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      title text not null,
      notes text not null default '',
      board_column text not null
        check (board_column in ('idea', 'drafting', 'ready', 'scheduled', 'published')),
      position integer not null check (position >= 0),
      due_date date,
      video_id integer references videos (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint ideas_place unique (project_id, board_column, position) deferrable initially deferred
    )
  `.execute(db);
  await sql`create index ideas_video_id on ideas (video_id) where video_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ideas`.execute(db);
}
