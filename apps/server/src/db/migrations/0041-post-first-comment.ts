import { sql, type Kysely } from 'kysely';

/**
 * A post's first comment (`targets[].firstComment`), posted once under the post after it goes live, and where it
 * stands: `pending` (waiting for the post), `sending` (the request may have gone out: never sent again blindly),
 * `posted` with the comment's id and address, or `failed` with why. `first_comment_due_at` is the end of the
 * send's hold: a `sending` comment past it belongs to a run that died. Null on posts without a first comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts
      add column first_comment text,
      add column first_comment_status text
        check (first_comment_status in ('pending', 'sending', 'posted', 'failed')),
      add column first_comment_due_at timestamptz,
      add column first_comment_id text,
      add column first_comment_url text,
      add column first_comment_error jsonb
  `.execute(db);
  // The sweep's look-up of comments left waiting (a run that died between the post and its comment).
  await sql`
    create index posts_first_comment_open on posts (first_comment_due_at)
      where first_comment_status in ('pending', 'sending')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists posts_first_comment_open`.execute(db);
  await sql`
    alter table posts
      drop column if exists first_comment,
      drop column if exists first_comment_status,
      drop column if exists first_comment_due_at,
      drop column if exists first_comment_id,
      drop column if exists first_comment_url,
      drop column if exists first_comment_error
  `.execute(db);
}
