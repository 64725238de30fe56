import type { Rendition } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { formatDuration } from '@/lib/format';
import { burnedWords } from './burn-words';
import { megabytes } from './fit-words';

interface RenditionProgressProps {
  rendition: Rendition;
  /** The platform's name, for the labels. */
  name: string;
  retrying: boolean;
  onRetry(): void;
}

/** A fitting copy as it is made: its progress in words, then the copy playing in the page, or why it failed. */
export function RenditionProgress({ rendition, name, retrying, onRetry }: RenditionProgressProps) {
  if (rendition.status === 'failed') {
    return (
      <div className="space-y-2 text-sm text-red-700">
        <p>The copy could not be made: {rendition.error?.message ?? 'the render stopped without a reason.'}</p>
        <Button variant="secondary" size="sm" busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (rendition.status === 'ready') return <ReadyCopy rendition={rendition} name={name} />;
  const percent = Math.round(rendition.progress * 100);
  const words = rendition.status === 'queued' ? 'Waiting to start' : `Making the copy: ${percent} %`;
  const after = `Posts to ${name} from here send this copy once it is made, and wait for it if they are due first.`;
  return (
    <div className="space-y-1.5" aria-live="polite">
      <p className="text-sm text-zinc-700">{words}</p>
      <ProgressBar value={percent} label={`Fitting copy for ${name}`} valueText={words} />
      <p className="text-xs text-zinc-600">{after}</p>
    </div>
  );
}

function ReadyCopy({ rendition, name }: { rendition: Rendition; name: string }) {
  const facts = [
    rendition.width && rendition.height ? `${rendition.width}×${rendition.height}` : null,
    rendition.durationMs !== null ? formatDuration(rendition.durationMs / 1000) : null,
    rendition.sizeBytes !== null ? megabytes(rendition.sizeBytes) : null,
  ].filter(Boolean);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-emerald-700">
        Fitting copy ready{facts.length > 0 && `: ${facts.join(' · ')}`}
      </p>
      {rendition.burnedCaptions && <p className="text-sm text-zinc-700">{burnedWords(rendition.burnedCaptions)}</p>}
      {rendition.url && (
        <video
          controls
          preload="metadata"
          src={rendition.url}
          aria-label={`Fitting copy for ${name}`}
          className="max-h-72 max-w-full rounded-lg bg-black"
        />
      )}
      <p className="text-xs text-zinc-600">Posts to {name} from here send this copy, not the video as uploaded.</p>
    </div>
  );
}
