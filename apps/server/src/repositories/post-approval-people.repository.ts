import type { DB } from '../db/database';
import type { PostRow } from '../db/posts.schema';

/** A post with its video's title, read by id alone: the caller has checked access already. */
export async function findPostWithTitle(db: DB, id: number): Promise<(PostRow & { video_title: string }) | undefined> {
  return db
    .selectFrom('posts')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .selectAll('posts')
    .select('videos.title as video_title')
    .where('posts.id', '=', id)
    .executeTakeFirst();
}

/** Everyone who may approve a project's posts: its owner, its reviewers and its clients. */
export async function listApproversOfProject(db: DB, projectId: number): Promise<number[]> {
  const owner = await db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirst();
  const members = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('role', 'in', ['reviewer', 'client'])
    .execute();
  return [...(owner ? [owner.user_id] : []), ...members.map((m) => m.user_id)];
}

/** A person's name as the trail and the bell show it. */
export async function findPersonName(db: DB, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['full_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.full_name || row.username : undefined;
}

/** Of these people, those who still have a place in the project (its owner, its members), in the order given. */
export async function keepPeopleOfProject(db: DB, projectId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const owner = await db.selectFrom('projects').select('user_id').where('id', '=', projectId).executeTakeFirst();
  const members = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', [...userIds])
    .execute();
  const present = new Set([...(owner ? [owner.user_id] : []), ...members.map((m) => m.user_id)]);
  return userIds.filter((id) => present.has(id));
}
