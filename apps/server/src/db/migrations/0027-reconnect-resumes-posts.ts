import { sql, type Kysely } from 'kysely';

/**
 * A post whose account needs reconnecting waits for it, `scheduled` with `error.code = 'needs_reconnect'`
 * (services/publishing/reconnect-wait.ts). When the connection row becomes `connected` again, those posts are
 * due at once, their waiting note gone, in the same transaction: a trigger, so that it holds whichever code
 * saves the reconnected account (the OAuth callback, a confirmation step, a hand-made fix). The minute's sweep
 * then queues them, or at once whoever calls `resumeWaitingPosts` after the save. A connection removed instead
 * lets its waiting posts go the same way, before the removal clears their `connection_id`: they then fail at
 * once as disconnected rather than wait a day for an account that is gone. The partial index keeps the lookup
 * to the waiting posts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index posts_waiting_reconnect_idx on posts (connection_id)
    where status = 'scheduled' and error->>'code' = 'needs_reconnect'
  `.execute(db);
  await sql`
    create function fanout_release_waiting_posts() returns trigger language plpgsql as $$
    begin
      update posts set due_at = now(), error = null, updated_at = now()
      where connection_id = old.id and status = 'scheduled' and error->>'code' = 'needs_reconnect';
      return old;
    end
    $$
  `.execute(db);
  await sql`
    create trigger platform_connections_resume_posts after update of status on platform_connections
    for each row when (new.status = 'connected' and old.status is distinct from 'connected')
    execute function fanout_release_waiting_posts()
  `.execute(db);
  await sql`
    create trigger platform_connections_release_posts before delete on platform_connections
    for each row execute function fanout_release_waiting_posts()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists platform_connections_release_posts on platform_connections`.execute(db);
  await sql`drop trigger if exists platform_connections_resume_posts on platform_connections`.execute(db);
  await sql`drop function if exists fanout_release_waiting_posts()`.execute(db);
  await sql`drop index if exists posts_waiting_reconnect_idx`.execute(db);
}
