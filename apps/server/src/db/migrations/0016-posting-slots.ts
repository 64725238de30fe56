import { sql, type Kysely } from 'kysely';

/**
 * Weekly posting slots per project and platform ("Add to queue" fills them): a weekday (ISO, 1 = Monday) and
 * a minute of the day, read in the project's slot time zone (its own zone until one is saved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table posting_slots (
      project_id integer not null references projects (id) on delete cascade,
      platform text not null,
      weekday smallint not null check (weekday between 1 and 7),
      minute smallint not null check (minute between 0 and 1439),
      primary key (project_id, platform, weekday, minute)
    )
  `.execute(db);
  await sql`
    create table posting_slot_settings (
      project_id integer primary key references projects (id) on delete cascade,
      time_zone text not null
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists posting_slot_settings`.execute(db);
  await sql`drop table if exists posting_slots`.execute(db);
}
