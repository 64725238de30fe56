import { useId, useState, type FormEvent } from 'react';
import { IDEA_NOTES_MAX, IDEA_TITLE_MAX, type Idea, type IdeaColumn, type Video } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { inputClasses, TextAreaField, TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { errorMessage } from '@/lib/api-client';
import { COLUMN_LABELS, postsColumn } from '../board-moves';

export interface IdeaFormValues {
  title: string;
  notes: string;
  dueDate: string | null;
  videoId: number | null;
  column: IdeaColumn;
}

interface IdeaDialogProps {
  /** The idea being edited, or null for a new one. */
  idea: Idea | null;
  videos: Video[];
  onClose(): void;
  onSave(values: IdeaFormValues): Promise<unknown>;
  onDelete?(idea: Idea): Promise<unknown>;
}

const MANUAL_COLUMNS: IdeaColumn[] = ['idea', 'drafting', 'ready'];

/** New idea, or an idea's title, notes, due date and video. */
export function IdeaDialog({ idea, videos, onClose, onSave, onDelete }: IdeaDialogProps) {
  const id = useId();
  const [title, setTitle] = useState(idea?.title ?? '');
  const [notes, setNotes] = useState(idea?.notes ?? '');
  const [dueDate, setDueDate] = useState(idea?.dueDate ?? '');
  const [videoId, setVideoId] = useState(idea?.videoId ?? null);
  const [column, setColumn] = useState<IdeaColumn>(idea?.column ?? 'idea');
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = `${id}-form`;
  const chosen = videos.find((video) => video.id === videoId);
  const postsPlace = chosen ? postsColumn(chosen.postCounts) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Give the idea a title');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave({ title: title.trim(), notes, dueDate: dueDate || null, videoId, column });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The idea could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!idea || !onDelete) return;
    setBusy(true);
    try {
      await onDelete(idea);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The idea could not be deleted.'));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={idea ? 'Edit idea' : 'New idea'}
      description={idea ? undefined : 'Something to film, write or post, and when it should be ready.'}
      footer={
        <>
          {idea && onDelete && (
            <Button variant="ghost" className="text-red-700 sm:mr-auto" onClick={remove} disabled={busy}>
              Delete idea
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {idea ? 'Save' : 'Add idea'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <FormAlert message={error ?? undefined} />
        <TextField
          label="Title"
          value={title}
          maxLength={IDEA_TITLE_MAX}
          error={titleError}
          data-autofocus
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleError(undefined);
          }}
        />
        <TextAreaField
          label="Notes"
          value={notes}
          maxLength={IDEA_NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
        />
        <TextField label="Due date" type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
        <div>
          <label htmlFor={`${id}-video`} className="mb-1.5 block text-sm font-medium text-zinc-800">
            Video
          </label>
          <select
            id={`${id}-video`}
            value={videoId ?? ''}
            onChange={(event) => setVideoId(event.target.value ? Number(event.target.value) : null)}
            className={cn(inputClasses, 'h-10')}
            aria-describedby={postsPlace ? `${id}-video-note` : undefined}
          >
            <option value="">No video yet</option>
            {videos.map((video) => (
              <option key={video.id} value={video.id}>
                {video.title}
              </option>
            ))}
          </select>
          {postsPlace && (
            <p id={`${id}-video-note`} className="mt-1.5 text-sm text-zinc-600">
              This video has a {postsPlace === 'published' ? 'published' : 'scheduled'} post, so the idea goes to{' '}
              {COLUMN_LABELS[postsPlace]}.
            </p>
          )}
        </div>
        {!idea && !postsPlace && (
          <div>
            <label htmlFor={`${id}-column`} className="mb-1.5 block text-sm font-medium text-zinc-800">
              Column
            </label>
            <select
              id={`${id}-column`}
              value={column}
              onChange={(event) => setColumn(event.target.value as IdeaColumn)}
              className={cn(inputClasses, 'h-10')}
            >
              {MANUAL_COLUMNS.map((c) => (
                <option key={c} value={c}>
                  {COLUMN_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
    </Modal>
  );
}
