import { useId, useState, type FormEvent } from 'react';
import { NOTE_TEXT_MAX } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { errorMessage } from '@/lib/api-client';
import { useNoteChanges, useNotes, type NoteTarget } from '../api/notes';
import { NoteItem } from './NoteItem';

/**
 * The team's notes on a post or a video (never the post's first comment on the platform): the thread, oldest
 * first, and a box to add one. `@name` mentions a member, who is notified.
 */
export function NotesPanel({ target, headingLevel = 2 }: { target: NoteTarget; headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const notes = useNotes(target);
  const { add, edit, remove } = useNoteChanges(target);
  const [text, setText] = useState('');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(text, { onSuccess: () => setText('') });
  };
  const failure = add.error ?? edit.error ?? remove.error;
  const list = notes.data?.notes ?? [];

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-zinc-200 bg-white p-5">
      <Heading id={headingId} className="text-sm font-semibold text-zinc-900">
        Notes
      </Heading>
      <p className="mt-1 text-xs text-zinc-600">For the team only; never posted. Write @name to notify a member.</p>
      {notes.isPending ? (
        <p className="mt-3 text-sm text-zinc-600">Loading notes…</p>
      ) : notes.isError ? (
        <FormAlert message={errorMessage(notes.error, 'The notes could not be loaded.')} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600">No notes yet.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Notes">
          {list.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              busy={edit.isPending || remove.isPending}
              onSave={(value) => edit.mutateAsync({ id: note.id, text: value })}
              onDelete={() => remove.mutate(note.id)}
            />
          ))}
        </ul>
      )}
      {failure && <FormAlert className="mt-3" message={errorMessage(failure, 'The note could not be saved.')} />}
      <form onSubmit={submit} className="mt-4 space-y-2">
        <TextAreaField
          label="Add a note"
          value={text}
          maxLength={NOTE_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" busy={add.isPending} disabled={!text.trim()}>
          Add note
        </Button>
      </form>
    </section>
  );
}
