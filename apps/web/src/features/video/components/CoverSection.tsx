import { useId, useState, type ChangeEvent } from 'react';
import { coverTime, type Video, type VideoCover } from '@fanout/contracts';
import { usePublicConfig } from '@/features/config';
import { useChangeCover, type CoverChange } from '@/features/library';
import { COVER_DESTINATIONS, coverFileProblem, coverLine, useCanEdit } from '@/features/posts';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';

const DONE: Record<'frame' | 'image' | 'remove', string> = {
  frame: 'The frame is now the cover.',
  image: 'Your image is now the cover.',
  remove: 'The cover was removed: each platform picks its own.',
};

function coverSummary(cover: VideoCover | null | undefined): string {
  if (!cover) return 'No cover chosen: each platform picks its own.';
  return cover.kind === 'frame' ? `The frame at ${coverTime(cover.frameMs)}.` : 'Your image.';
}

/**
 * The video's cover: a frame chosen with a scrubber over its length (sent only with "Use this frame", never while
 * dragging), or an uploaded JPEG/PNG, and what each platform will get of it (docs/covers.md).
 */
export function CoverSection({ video }: { video: Video }) {
  const id = useId();
  const cover = video.cover ?? null;
  const durationMs = video.durationSeconds ? Math.floor(video.durationSeconds * 1000) : null;
  const [frameMs, setFrameMs] = useState(cover?.kind === 'frame' ? cover.frameMs : 0);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeCover(video.id);
  const publicAddress = usePublicConfig().data?.covers.publicAddress ?? false;
  // A reviewer sees the cover and what each platform gets, and is offered no change.
  const canEdit = useCanEdit();

  function run(next: CoverChange, done: keyof typeof DONE) {
    setProblem(null);
    setStatus('');
    change.mutate(next, {
      onSuccess: () => setStatus(DONE[done]),
      onError: (err) => setProblem(errorMessage(err, 'The cover could not be saved. Try again.')),
    });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = coverFileProblem(file);
    if (wrong) {
      setStatus('');
      setProblem(wrong);
      return;
    }
    run({ file }, 'image');
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-zinc-900">
        Cover
      </h2>
      <p className="mt-1 text-sm text-zinc-700">{coverSummary(cover)}</p>
      {cover?.url && (
        <img
          src={cover.url}
          alt={cover.kind === 'frame' ? `The cover: the frame at ${coverTime(cover.frameMs)}` : 'The cover: your image'}
          className="mt-3 max-h-48 rounded-lg border border-zinc-200"
        />
      )}

      {!canEdit ? null : durationMs ? (
        <div className="mt-4">
          <label htmlFor={`${id}-frame`} className="block text-sm font-medium text-zinc-900">
            Cover frame
          </label>
          <div className="mt-1 flex items-center gap-3">
            <input
              id={`${id}-frame`}
              type="range"
              min={0}
              max={durationMs - 1}
              step={100}
              value={Math.min(frameMs, durationMs - 1)}
              aria-valuetext={coverTime(frameMs)}
              onChange={(event) => setFrameMs(Number(event.target.value))}
              className="min-w-0 flex-1 accent-brand-600"
            />
            <output htmlFor={`${id}-frame`} className="w-12 text-sm text-zinc-700 tabular-nums">
              {coverTime(frameMs)}
            </output>
            <Button size="sm" onClick={() => run({ frameMs }, 'frame')} disabled={change.isPending}>
              Use this frame
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-4 text-sm text-zinc-600">The video’s length is not known yet, so no frame can be chosen.</p>
      )}

      {canEdit && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-image`} className="text-sm font-medium text-zinc-900">
            Upload an image
          </label>
          <input
            id={`${id}-image`}
            type="file"
            accept="image/jpeg,image/png"
            aria-describedby={`${id}-image-hint`}
            onChange={onFile}
            disabled={change.isPending}
            className="text-sm text-zinc-700"
          />
          <span id={`${id}-image-hint`} className="text-xs text-zinc-600">
            JPEG or PNG, at most 2 MB
          </span>
          {cover && (
            <Button size="sm" variant="secondary" onClick={() => run('remove', 'remove')} disabled={change.isPending}>
              Remove cover
            </Button>
          )}
        </div>
      )}

      <p role="status" aria-live="polite" className="mt-3 text-sm text-zinc-700">
        {change.isPending ? 'Saving the cover…' : status}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}

      <h3 className="mt-4 text-xs font-semibold tracking-wide text-zinc-600 uppercase">What each platform gets</h3>
      <ul className="mt-1 space-y-0.5 text-sm text-zinc-700">
        {COVER_DESTINATIONS.map((destination) => (
          <li key={`${destination.platform}-${destination.facebookKind ?? ''}`}>
            {coverLine(destination, cover, publicAddress)}
          </li>
        ))}
      </ul>
    </section>
  );
}
