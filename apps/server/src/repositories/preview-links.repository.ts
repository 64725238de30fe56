import type { DB } from '../db/database';
import type { PreviewLinkRow } from '../db/notes.schema';
import type { PostWithTitle } from './notifications.repository';

export interface NewPreviewLink {
  projectId: number;
  ownerId: number;
  createdBy: number;
  tokenHash: string;
  postIds: number[] | null;
  range: { from: Date; to: Date } | null;
  expiresAt: Date;
  allowNotes: boolean;
  allowApproval: boolean;
}

export async function insertPreviewLink(db: DB, l: NewPreviewLink): Promise<PreviewLinkRow> {
  return db
    .insertInto('preview_links')
    .values({
      project_id: l.projectId,
      user_id: l.ownerId,
      created_by: l.createdBy,
      token_hash: l.tokenHash,
      post_ids: l.postIds ? JSON.stringify(l.postIds) : null,
      range_from: l.range?.from ?? null,
      range_to: l.range?.to ?? null,
      expires_at: l.expiresAt,
      allow_notes: l.allowNotes,
      allow_approval: l.allowApproval,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPreviewLinksOfProject(db: DB, projectId: number): Promise<PreviewLinkRow[]> {
  return db.selectFrom('preview_links').selectAll().where('project_id', '=', projectId).orderBy('id', 'desc').execute();
}

export async function findPreviewLinkByHash(db: DB, tokenHash: string): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes a link of this project (once: a second call changes nothing); false when it is not the project's. */
export async function revokePreviewLink(db: DB, projectId: number, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('preview_links')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of these ids are posts of the project (a link names only the project's own posts). */
export async function countPostsOfProject(db: DB, projectId: number, postIds: readonly number[]): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('id', 'in', postIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The link's posts with their videos: named ones, or those of the project scheduled in its range. */
export async function listPreviewPosts(
  db: DB,
  link: PreviewLinkRow,
): Promise<(PostWithTitle & { video_description: string; video_tags: string[]; video_filename: string })[]> {
  let query = db
    .selectFrom('posts')
    .innerJoin('videos', 'videos.id', 'posts.video_id')
    .selectAll('posts')
    .select([
      'videos.title as video_title',
      'videos.description as video_description',
      'videos.tags as video_tags',
      'videos.filename as video_filename',
    ])
    .where('posts.project_id', '=', link.project_id)
    .where('posts.status', '!=', 'cancelled');
  if (link.post_ids) query = query.where('posts.id', 'in', link.post_ids.length ? link.post_ids : [0]);
  else
    query = query.where('posts.scheduled_at', '>=', link.range_from!).where('posts.scheduled_at', '<', link.range_to!);
  return query.orderBy('posts.scheduled_at').orderBy('posts.id').limit(500).execute();
}

/** What the preview page says about the link's project. */
export async function findPreviewProject(
  db: DB,
  projectId: number,
): Promise<{ name: string; needs_approval: boolean } | undefined> {
  return db.selectFrom('projects').select(['name', 'needs_approval']).where('id', '=', projectId).executeTakeFirst();
}
