import type { Note } from '@fanout/contracts';
import type { NoteRow } from '../../db/notes.schema';
import { toIsoString } from '../users.service';

/** The one place a note row becomes API JSON; `mine` for the person asking. */
export function toNoteJson(row: NoteRow, callerId: number | null): Note {
  return {
    id: row.id,
    postId: row.post_id,
    videoId: row.video_id,
    authorId: row.author_id,
    authorName: row.author_name,
    viaPreview: row.preview_link_id !== null && row.author_id === null,
    text: row.text,
    mentions: row.mentions,
    createdAt: toIsoString(row.created_at),
    editedAt: row.edited_at ? toIsoString(row.edited_at) : null,
    mine: callerId !== null && row.author_id === callerId,
  };
}
