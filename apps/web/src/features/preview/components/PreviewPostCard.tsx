import { useId, useState } from 'react';
import type { PreviewPost } from '@fanout/contracts';
import { NOTE_TEXT_MAX } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { platformName } from '@/features/posts/platform-names';
import { errorMessage } from '@/lib/api-client';
import { usePreviewActions } from '../api/preview';

/** The post's time in the viewer's zone (the browser's, which the page also sent as `?zone=`), the zone named. */
const WHEN = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** A moment as the viewer's browser words it, in their zone. */
export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
const whenText = (post: PreviewPost) => formatWhen(post.scheduledAt);

interface Props {
  post: PreviewPost;
  token: string;
  visitorName: string;
  allowNotes: boolean;
  allowApproval: boolean;
}

/** One post as its platform would show it: the video, the caption for that platform, its time; notes and decisions. */
export function PreviewPostCard({ post, token, visitorName, allowNotes, allowApproval }: Props) {
  const headingId = useId();
  const { note, decide } = usePreviewActions(token);
  const [text, setText] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const name = visitorName.trim();
  const failure = note.error ?? decide.error;
  const needName = !name ? 'Write your name above first.' : null;

  const addNote = () =>
    note.mutate({ name, text, postId: post.id }, { onSuccess: () => (setText(''), setDone('Your note was sent.')) });
  const decideOn = (decision: 'approve' | 'request-changes') =>
    decide.mutate(
      { postId: post.id, decision, name, comment: text.trim() || undefined },
      {
        onSuccess: () => {
          setText('');
          setDone(decision === 'approve' ? 'You approved this post.' : 'You asked for changes.');
        },
      },
    );

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm">
      <header className="flex items-center gap-2">
        <PlatformIcon platform={post.platform} className="size-5" />
        <h2 id={headingId} className="text-base font-semibold text-zinc-900">
          {platformName(post.platform)} · {post.accountName}
        </h2>
      </header>
      <p className="mt-1 text-sm text-zinc-700">
        <time dateTime={post.localTime ?? post.scheduledAt}>{whenText(post)}</time>
      </p>
      <video
        controls
        preload="metadata"
        src={post.mediaUrl}
        className="mt-3 aspect-video w-full rounded-xl bg-black"
        aria-label={`Video: ${post.videoTitle}`}
      />
      <h3 className="mt-4 text-sm font-semibold text-zinc-900">Caption on {platformName(post.platform)}</h3>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-800">{post.caption || '(no caption)'}</p>
      {post.notes.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-zinc-900">Notes</h3>
          <ul className="mt-1 space-y-1">
            {post.notes.map((n, i) => (
              <li key={i} className="text-sm text-zinc-800">
                <span className="font-semibold">{n.authorName}:</span>{' '}
                <span className="whitespace-pre-line">{n.text}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {(allowNotes || allowApproval) && (
        <div className="mt-4 space-y-2">
          <TextAreaField
            label={allowApproval ? 'Your note (optional when approving)' : 'Your note'}
            value={text}
            maxLength={NOTE_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            hint={needName ?? undefined}
          />
          <div className="flex flex-wrap gap-2">
            {allowNotes && (
              <Button
                size="sm"
                variant="secondary"
                disabled={!name || !text.trim()}
                busy={note.isPending}
                onClick={addNote}
              >
                Add note
              </Button>
            )}
            {allowApproval && (
              <>
                <Button size="sm" disabled={!name} busy={decide.isPending} onClick={() => decideOn('approve')}>
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!name || !text.trim()}
                  busy={decide.isPending}
                  onClick={() => decideOn('request-changes')}
                >
                  Request changes
                </Button>
              </>
            )}
          </div>
          <p role="status" className="text-sm text-emerald-700">
            {done}
          </p>
          {failure && <FormAlert message={errorMessage(failure, 'That did not go through.')} />}
        </div>
      )}
    </article>
  );
}
