import { sql, type Kysely } from 'kysely';

/**
 * Approval before publishing. `awaiting_approval`: a post an editor (or an API token) made in a project that
 * needs approval; the runner's claim takes only `scheduled` and `publishing` posts, so it is never published
 * until an approver turns it `scheduled`. Its `due_at` stays its time, so the sweep finds it when the time
 * passes and marks it `approval_overdue` (index posts_awaiting_idx). `created_by`: the person who made it (the
 * owner's id stays in `user_id`); `approved_by`/`approved_at`: the last approval. The bell learns three kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop constraint if exists posts_status_check`.execute(db);
  await sql`
    alter table posts add constraint posts_status_check check (status in
      ('scheduled', 'awaiting_approval', 'publishing', 'published', 'failed', 'cancelled', 'unconfirmed'))`.execute(db);
  await sql`alter table posts add column created_by integer references users(id) on delete set null`.execute(db);
  await sql`alter table posts add column approved_by integer references users(id) on delete set null`.execute(db);
  await sql`alter table posts add column approved_at timestamptz`.execute(db);
  await sql`create index posts_awaiting_idx on posts (due_at) where status = 'awaiting_approval'`.execute(db);
  await sql`alter table notifications drop constraint if exists notifications_kind_check`.execute(db);
  await sql`
    alter table notifications add constraint notifications_kind_check check (kind in
      ('published', 'failed', 'unconfirmed', 'needs_reconnect', 'approval_requested', 'approved',
       'changes_requested'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update posts set status = 'scheduled' where status = 'awaiting_approval'`.execute(db);
  await sql`delete from notifications where kind in ('approval_requested', 'approved', 'changes_requested')`.execute(
    db,
  );
  await sql`alter table notifications drop constraint if exists notifications_kind_check`.execute(db);
  await sql`
    alter table notifications add constraint notifications_kind_check
      check (kind in ('published', 'failed', 'unconfirmed', 'needs_reconnect'))`.execute(db);
  await sql`drop index if exists posts_awaiting_idx`.execute(db);
  await sql`alter table posts drop column if exists approved_at`.execute(db);
  await sql`alter table posts drop column if exists approved_by`.execute(db);
  await sql`alter table posts drop column if exists created_by`.execute(db);
  await sql`alter table posts drop constraint if exists posts_status_check`.execute(db);
  await sql`
    alter table posts add constraint posts_status_check
      check (status in ('scheduled', 'publishing', 'published', 'failed', 'cancelled', 'unconfirmed'))`.execute(db);
}
