import type { Note, NoteBody } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { NoteRow } from '../../db/notes.schema';
import { forbidden, notFound } from '../../http/errors';
import {
  deleteOwnNote,
  findNote,
  findPostVideoAndPlatform,
  insertNote,
  listNotesOn,
  updateOwnNote,
} from '../../repositories/notes.repository';
import { findVideoTitle, insertNotification } from '../../repositories/notifications.repository';
import { listMembersOfProject } from '../../repositories/project-members.repository';
import { findUserById } from '../../repositories/users.repository';
import { accessTo, type ProjectAccess } from '../access/project-access';
import { platformName } from '../notifications/notify';
import { mentionedMembers, type Mention } from './mentions';
import { toNoteJson } from './note-json';

export type NoteTarget = { postId: number } | { videoId: number };

async function targetWords(ctx: AppContext, on: NoteTarget): Promise<{ videoId: number; words: string; link: string }> {
  if ('videoId' in on) {
    const title = (await findVideoTitle(ctx.db, on.videoId)) || 'Untitled video';
    return { videoId: on.videoId, words: `“${title}”`, link: `/video/${on.videoId}` };
  }
  const post = await findPostVideoAndPlatform(ctx.db, on.postId);
  if (!post) throw notFound('Post');
  const title = (await findVideoTitle(ctx.db, post.video_id)) || 'Untitled video';
  return { videoId: post.video_id, words: `the ${platformName(post.platform)} post of “${title}”`, link: '/posts' };
}

/** Whether someone may read what a note is on: a post (every role), a video (the library's roles). */
const canSeeTarget = (ctx: AppContext, userId: number, on: NoteTarget) =>
  accessOf(ctx, userId, on).then(
    () => true,
    () => false,
  );

const accessOf = (ctx: AppContext, userId: number, on: NoteTarget) =>
  'postId' in on
    ? accessTo(ctx, userId, 'posts', on.postId, 'see_posts')
    : accessTo(ctx, userId, 'videos', on.videoId, 'see_library');

const targetOf = (row: NoteRow): NoteTarget =>
  row.post_id !== null ? { postId: row.post_id } : { videoId: row.video_id! };

/**
 * Tells the members a note names (bell and live stream, through notifications), never its author, and only
 * those who can see what it is on: a client is not told of a note on a video they cannot open.
 */
export async function notifyMentions(
  ctx: AppContext,
  note: NoteRow,
  mentions: readonly Mention[],
  authorId: number | null,
  already: ReadonlySet<number> = new Set(),
): Promise<void> {
  const on = targetOf(note);
  const told = mentions.filter((m) => m.userId !== authorId && !already.has(m.userId));
  if (told.length === 0) return;
  const target = await targetWords(ctx, on);
  for (const person of told) {
    if (!(await canSeeTarget(ctx, person.userId, on))) continue;
    await insertNotification(ctx.db, {
      userId: person.userId,
      projectId: note.project_id,
      kind: 'mention',
      platform: null,
      postId: note.post_id,
      videoId: target.videoId,
      message: `${note.author_name} mentioned you in a note on ${target.words}.`,
      link: target.link,
    });
  }
}

export async function listNotes(ctx: AppContext, access: ProjectAccess, on: NoteTarget): Promise<Note[]> {
  return (await listNotesOn(ctx.db, on)).map((row) => toNoteJson(row, access.actorId));
}

export async function addNote(ctx: AppContext, access: ProjectAccess, on: NoteTarget, body: NoteBody): Promise<Note> {
  const author = await findUserById(ctx.db, access.actorId);
  if (!author) throw notFound('User');
  const mentions = mentionedMembers(body.text, await listMembersOfProject(ctx.db, access.projectId));
  const row = await insertNote(ctx.db, {
    projectId: access.projectId,
    ownerId: access.ownerId,
    on,
    authorId: author.id,
    authorName: author.full_name || author.username,
    previewLinkId: null,
    text: body.text,
    mentions,
  });
  await notifyMentions(ctx, row, mentions, author.id);
  return toNoteJson(row, access.actorId);
}

/**
 * A note, for its author to change: 404 when there is none or the caller cannot see what it is on, 403
 * `not_your_note` for someone else's.
 */
async function ownNote(ctx: AppContext, actorId: number, id: number): Promise<{ row: NoteRow; access: ProjectAccess }> {
  const row = await findNote(ctx.db, id);
  if (!row) throw notFound('Note');
  const access = await accessOf(ctx, actorId, targetOf(row)).catch(() => {
    throw notFound('Note');
  });
  if (row.author_id !== actorId) throw forbidden('Only its author can change or delete a note', 'not_your_note');
  return { row, access };
}

export async function editNote(ctx: AppContext, actorId: number, id: number, body: NoteBody): Promise<Note> {
  const { row, access } = await ownNote(ctx, actorId, id);
  const mentions = mentionedMembers(body.text, await listMembersOfProject(ctx.db, access.projectId));
  const updated = await updateOwnNote(ctx.db, id, actorId, { text: body.text, mentions });
  if (!updated) throw notFound('Note');
  // Only the people newly named are told; those named before were told then.
  await notifyMentions(ctx, updated, mentions, actorId, new Set(row.mentions.map((m) => m.userId)));
  return toNoteJson(updated, actorId);
}

export async function removeNote(ctx: AppContext, actorId: number, id: number): Promise<void> {
  await ownNote(ctx, actorId, id);
  if (!(await deleteOwnNote(ctx.db, id, actorId))) throw notFound('Note');
}
