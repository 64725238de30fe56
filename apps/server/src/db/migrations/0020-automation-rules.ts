import { sql, type Kysely } from 'kysely';

/**
 * Automation rules (Project Settings → Rules) and their runs. A run is one rule meeting one activity event:
 * unique (rule_id, event_id), so a rule runs at most once per event however often the events are dispatched.
 * `rule_dispatch` keeps how far the dispatcher has read the events (one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table automation_rules (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      name text not null,
      enabled boolean not null default true,
      trigger text not null,
      conditions jsonb not null default '[]',
      actions jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index automation_rules_project on automation_rules (project_id, trigger) where enabled`.execute(db);
  await sql`
    create table rule_runs (
      id bigint generated always as identity primary key,
      rule_id integer not null references automation_rules (id) on delete cascade,
      event_id bigint not null references activity_events (id) on delete cascade,
      outcome text not null default 'running',
      reason text not null default '',
      webhook_body text,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      unique (rule_id, event_id)
    )
  `.execute(db);
  await sql`create index rule_runs_rule on rule_runs (rule_id, id desc)`.execute(db);
  await sql`
    create table rule_dispatch (
      id integer primary key check (id = 1),
      last_event_id bigint not null default 0
    )
  `.execute(db);
  await sql`insert into rule_dispatch (id, last_event_id) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rule_dispatch`.execute(db);
  await sql`drop table if exists rule_runs`.execute(db);
  await sql`drop table if exists automation_rules`.execute(db);
}
