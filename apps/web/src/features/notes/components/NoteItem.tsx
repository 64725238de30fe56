import { useState, type FormEvent } from 'react';
import type { Note } from '@fanout/contracts';
import { NOTE_TEXT_MAX } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/Field';
import { formatDateTime } from '@/lib/format';

interface NoteItemProps {
  note: Note;
  onSave: (text: string) => Promise<unknown>;
  onDelete: () => void;
  busy: boolean;
}

/** One note: its author, when, and its text as text (never HTML); its author may edit or delete it. */
export function NoteItem({ note, onSave, onDelete, busy }: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.text);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    await onSave(draft);
    setEditing(false);
  };
  return (
    <li className="rounded-xl border border-zinc-200 bg-zinc-50 p-3">
      <p className="text-xs text-zinc-600">
        <span className="font-semibold text-zinc-900">{note.authorName}</span>
        {note.viaPreview && ' (through a preview link)'} ·{' '}
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {note.editedAt && ' · edited'}
      </p>
      {editing ? (
        <form onSubmit={(e) => void save(e)} className="mt-2 space-y-2">
          <TextAreaField
            label="Edit note"
            value={draft}
            maxLength={NOTE_TEXT_MAX}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="flex gap-2">
            <Button size="sm" type="submit" busy={busy} disabled={!draft.trim()}>
              Save note
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-800">{note.text}</p>
      )}
      {note.mine && !editing && (
        <div className="mt-2 flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" onClick={onDelete} busy={busy}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
