import type { DB } from '../db/database';
import type { NoteRow } from '../db/notes.schema';

export interface NewNote {
  projectId: number;
  ownerId: number;
  on: { postId: number } | { videoId: number };
  authorId: number | null;
  authorName: string;
  previewLinkId: number | null;
  text: string;
  mentions: { userId: number; name: string }[];
}

export async function insertNote(db: DB, n: NewNote): Promise<NoteRow> {
  return db
    .insertInto('notes')
    .values({
      project_id: n.projectId,
      user_id: n.ownerId,
      post_id: 'postId' in n.on ? n.on.postId : null,
      video_id: 'videoId' in n.on ? n.on.videoId : null,
      author_id: n.authorId,
      author_name: n.authorName,
      preview_link_id: n.previewLinkId,
      text: n.text,
      mentions: JSON.stringify(n.mentions),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The notes of a post or of a video, oldest first (a thread reads down). */
export async function listNotesOn(db: DB, on: { postId: number } | { videoId: number }): Promise<NoteRow[]> {
  const query = db.selectFrom('notes').selectAll();
  const filtered = 'postId' in on ? query.where('post_id', '=', on.postId) : query.where('video_id', '=', on.videoId);
  return filtered.orderBy('id').execute();
}

/** The notes of several posts at once (the preview page), oldest first. */
export async function listNotesOnPosts(db: DB, postIds: readonly number[]): Promise<NoteRow[]> {
  if (postIds.length === 0) return [];
  return db.selectFrom('notes').selectAll().where('post_id', 'in', postIds).orderBy('id').execute();
}

export async function findNote(db: DB, id: number): Promise<NoteRow | undefined> {
  return db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a note's text, only its author's: undefined when it is not theirs (or gone). */
export async function updateOwnNote(
  db: DB,
  id: number,
  authorId: number,
  change: { text: string; mentions: { userId: number; name: string }[] },
): Promise<NoteRow | undefined> {
  return db
    .updateTable('notes')
    .set({ text: change.text, mentions: JSON.stringify(change.mentions), edited_at: new Date() })
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteOwnNote(db: DB, id: number, authorId: number): Promise<boolean> {
  const result = await db.deleteFrom('notes').where('id', '=', id).where('author_id', '=', authorId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The video and platform of a post, to name it in a notification. */
export async function findPostVideoAndPlatform(
  db: DB,
  postId: number,
): Promise<{ video_id: number; platform: string } | undefined> {
  return db.selectFrom('posts').select(['video_id', 'platform']).where('id', '=', postId).executeTakeFirst();
}
