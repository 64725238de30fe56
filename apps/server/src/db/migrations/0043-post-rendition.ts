import { sql, type Kysely } from 'kysely';

/**
 * A post may send a fitting copy of its video (a rendition) instead of the video as uploaded. `rendition_id` is
 * that copy; `rendition_status` and `rendition_progress` mirror the copy's state on the post, written by the
 * triggers below, so that the post's own row (its JSON and its live event) shows how far the copy is without a
 * join in every query. `rendition_status` not null also says that the post needs its copy: when the copy is
 * deleted the foreign key clears `rendition_id`, the status becomes `deleted`, and the runner fails the post in
 * words rather than send the original silently.
 *
 * A post due while its copy is still being made waits `scheduled` with `due_at` null (nothing to run until the
 * copy ends). The copy becoming ready or failed, or its deletion, makes such posts due at once in the same
 * transaction: whoever finishes the render queues them right after, and the minute's sweep finds them if that
 * process died in between. Progress is mirrored in steps of 5 %, enough for a bar, without a post write per
 * render tick. Every post of the copy is kept in step, a failed one too: a retry that asks for its copy again
 * shows that copy's state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts
      add column rendition_id integer references renditions (id) on delete set null,
      add column rendition_status text
        check (rendition_status in ('queued', 'rendering', 'ready', 'failed', 'deleted')),
      add column rendition_progress double precision
  `.execute(db);
  await sql`create index posts_rendition_idx on posts (rendition_id) where rendition_id is not null`.execute(db);
  // The sweep's look-up of posts waiting for a copy.
  await sql`
    create index posts_waiting_copy_idx on posts (id)
    where status = 'scheduled' and due_at is null and rendition_status is not null
  `.execute(db);
  await sql`
    create function fanout_post_copy_changed() returns trigger language plpgsql as $$
    begin
      update posts set
        rendition_status = new.status,
        rendition_progress = new.progress,
        due_at = case when status = 'scheduled' and due_at is null and new.status in ('ready', 'failed')
          then now() else due_at end,
        updated_at = now()
      where rendition_id = new.id;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger renditions_update_posts after update on renditions
    for each row when (new.status is distinct from old.status
      or floor(new.progress * 20) is distinct from floor(old.progress * 20))
    execute function fanout_post_copy_changed()
  `.execute(db);
  await sql`
    create function fanout_post_copy_deleted() returns trigger language plpgsql as $$
    begin
      update posts set rendition_status = 'deleted', due_at = coalesce(due_at, now()), updated_at = now()
      where rendition_id = old.id and status in ('scheduled', 'publishing');
      return old;
    end
    $$
  `.execute(db);
  await sql`
    create trigger renditions_release_posts before delete on renditions
    for each row execute function fanout_post_copy_deleted()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists renditions_release_posts on renditions`.execute(db);
  await sql`drop trigger if exists renditions_update_posts on renditions`.execute(db);
  await sql`drop function if exists fanout_post_copy_deleted()`.execute(db);
  await sql`drop function if exists fanout_post_copy_changed()`.execute(db);
  await sql`drop index if exists posts_waiting_copy_idx`.execute(db);
  await sql`drop index if exists posts_rendition_idx`.execute(db);
  await sql`
    alter table posts
      drop column if exists rendition_progress,
      drop column if exists rendition_status,
      drop column if exists rendition_id
  `.execute(db);
}
