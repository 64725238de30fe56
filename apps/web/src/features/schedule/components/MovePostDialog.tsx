import { useId, useState, type FormEvent } from 'react';
import type { Post } from '@fanout/contracts';
import { checkLocalTime, formatInZone, platformName, toLocalInput, zoneName } from '@/features/posts';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';

interface MovePostDialogProps {
  post: Post;
  zone: string;
  busy: boolean;
  /** Resolves true when the server took the new time. */
  onMove(post: Post, scheduledAt: string): Promise<boolean>;
  onClose(): void;
}

/** "Move to…": the keyboard and screen-reader way to do what dragging a post does. */
export function MovePostDialog({ post, zone, busy, onMove, onClose }: MovePostDialogProps) {
  const id = useId();
  const [local, setLocal] = useState(() => toLocalInput(post.scheduledAt, zone));
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A time shown twice (the night the clocks go back) means its first reading, as on the calendar.
    const check = checkLocalTime(local, zone, 'earlier');
    if (check.kind === 'invalid') return setError('Enter a date and time.');
    if (check.kind === 'nonexistent') return setError('The clocks skip this time on that day. Choose another time.');
    if (check.kind === 'past') return setError('This time has already passed. Choose a time in the future.');
    if (check.kind !== 'ok') return setError('Choose another time.');
    setError(null);
    if (await onMove(post, check.instant)) onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Move ${post.videoTitle}`}
      description={`${platformName(post.platform)} post, now at ${formatInZone(post.scheduledAt, zone)}.`}
    >
      <form aria-label={`Move ${post.videoTitle}`} onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800">
            New date and time ({zoneName(zone)})
          </label>
          <input
            id={id}
            type="datetime-local"
            data-autofocus
            value={local}
            onChange={(e) => setLocal(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClasses}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
