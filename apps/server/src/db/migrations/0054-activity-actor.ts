import { sql, type Kysely } from 'kysely';

/**
 * Who did it, in Activity: `actor_id` is the person who acted (not the project's owner, whose id is on every
 * row), so the trail can say "you" to that person alone and name them to everyone else. `actor` keeps the
 * person's name at the time (what webhooks send). Events written as 'you' before this were the owner's (or,
 * since members, possibly an editor's: nobody can tell now); they are given to the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity_events add column actor_id integer references users(id) on delete set null`.execute(
    db,
  );
  await sql`
    update activity_events e
       set actor_id = e.user_id,
           actor = coalesce(nullif(u.full_name, ''), nullif(u.username, ''), u.email)
      from users u
     where u.id = e.user_id and e.actor = 'you'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update activity_events set actor = 'you' where actor_id is not null`.execute(db);
  await sql`alter table activity_events drop column if exists actor_id`.execute(db);
}
