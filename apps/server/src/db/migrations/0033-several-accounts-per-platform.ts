import { sql, type Kysely } from 'kysely';

/**
 * A project may connect several accounts of one platform (two channels, several Facebook Pages): the unique key
 * of a connection becomes project + platform + the platform's account id, so connecting the same account again
 * updates its row (and keeps its id, which posts and migration 0027's trigger rely on) while another account
 * gets a row of its own.
 *
 * `posts.account_id`: the platform account a post went to, kept when its connection is removed (as its
 * `account_name` is), so "one live post of a video per account" holds across a disconnect and a reconnect of the
 * same account. Posts made before have it from their connection; those whose connection was already gone keep
 * null, and count as any account of their platform (the rule as it was).
 *
 * `posting_slots.connection_ids`: the accounts a weekly slot is for (a JSON array of connection ids); null: every
 * account of its platform, as every slot was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_connections drop constraint platform_connections_project_id_platform_key`.execute(db);
  await sql`
    alter table platform_connections
    add constraint platform_connections_project_account_key unique (project_id, platform, account_id)
  `.execute(db);
  await sql`alter table posts add column account_id text`.execute(db);
  await sql`
    update posts set account_id = c.account_id
    from platform_connections c where c.id = posts.connection_id
  `.execute(db);
  await sql`alter table posting_slots add column connection_ids jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posting_slots drop column if exists connection_ids`.execute(db);
  await sql`alter table posts drop column if exists account_id`.execute(db);
  await sql`alter table platform_connections drop constraint if exists platform_connections_project_account_key`.execute(
    db,
  );
  await sql`
    alter table platform_connections
    add constraint platform_connections_project_id_platform_key unique (project_id, platform)
  `.execute(db);
}
