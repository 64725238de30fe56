import { z } from 'zod';

/** How long one note may be: a paragraph or two of discussion, not a document. */
export const NOTE_TEXT_MAX = 2000;

/** Plain text only: shown as text, never as HTML. Blank notes are refused. */
export const NoteText = z
  .string()
  .trim()
  .min(1, 'Write something first')
  .max(NOTE_TEXT_MAX, `A note is at most ${NOTE_TEXT_MAX} characters`);

/**
 * One note of a team's discussion of a post or a video (never to be confused with a post's first comment on the
 * platform). The author is the person who wrote it (a member, or a client through a preview link by the name
 * they gave), not the project's owner.
 */
export const Note = z
  .object({
    id: z.number().int(),
    postId: z.number().int().nullable(),
    videoId: z.number().int().nullable(),
    /** The member who wrote it; null for a note left through a preview link. */
    authorId: z.number().int().nullable(),
    authorName: z.string(),
    /** Written through a client preview link, by the name the visitor gave. */
    viaPreview: z.boolean(),
    text: z.string(),
    /** The members it names with `@name` (and who were notified). */
    mentions: z.array(z.object({ userId: z.number().int(), name: z.string() })),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    /** Whether the caller wrote it, and so may edit or delete it. */
    mine: z.boolean(),
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof Note>;

export const NoteList = z.object({ notes: z.array(Note) });
export type NoteList = z.infer<typeof NoteList>;

export const NoteBody = z.strictObject({ text: NoteText });
export type NoteBody = z.infer<typeof NoteBody>;

export const NoteResponse = z.object({ note: Note });
export type NoteResponse = z.infer<typeof NoteResponse>;
