import type { Post } from '@fanout/contracts';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { formatMegabytes } from '@/lib/format';
import { platformName } from '../platform-names';
import { waitsForCopy } from '../post-status';
import { formatInZone } from '../zoned-time';

/** The adapter steps worth a sentence of their own; any other step is "Publishing". */
function stepText(post: Post, zone: string): string {
  const name = platformName(post.platform);
  const { step } = post.progress;
  if (step === null) return 'Starting…';
  if (step === 'waiting') {
    return post.retryAt ? `Waiting to try again at ${formatInZone(post.retryAt, zone)}` : 'Waiting to try again';
  }
  if (step === 'processing' || step === 'status') return `${name} is processing the video`;
  if (step === 'create' || step === 'created' || step === 'publish') return `Publishing on ${name}`;
  return `Publishing to ${name}`;
}

function isUploading(post: Post): boolean {
  const { step, bytesSent, bytesTotal } = post.progress;
  return bytesTotal > 0 && bytesSent < bytesTotal && step !== 'waiting' && step !== 'processing';
}

/**
 * Where a post being published stands: bytes uploaded, the platform's processing, a wait before a retry; or,
 * for a due post whose fitting copy is still being made, how far the copy is.
 */
export function PostProgress({ post, zone }: { post: Post; zone: string }) {
  if (waitsForCopy(post)) return <CopyProgress post={post} />;
  if (post.status !== 'publishing') return null;
  const { bytesSent, bytesTotal } = post.progress;
  const name = platformName(post.platform);
  if (isUploading(post)) {
    const percent = (bytesSent / bytesTotal) * 100;
    const text = `Uploading ${formatMegabytes(bytesSent)} of ${formatMegabytes(bytesTotal)}`;
    return (
      <div className="space-y-1.5">
        <p className="text-sm text-zinc-700">{text}</p>
        <ProgressBar value={percent} label={`Upload to ${name}`} valueText={text} />
      </div>
    );
  }
  return <p className="text-sm text-zinc-700">{stepText(post, zone)}</p>;
}

/** A post due while its fitting copy is made: it waits, `scheduled`, and goes out once the copy is ready. */
function CopyProgress({ post }: { post: Post }) {
  const name = platformName(post.platform);
  const percent = Math.round((post.rendition?.progress ?? 0) * 100);
  const text =
    post.rendition?.status === 'queued'
      ? `Waiting to make the copy for ${name}`
      : `Making the copy for ${name}… ${percent} %`;
  return (
    <div className="space-y-1.5" aria-live="polite">
      <p className="text-sm text-zinc-700">{text}</p>
      <ProgressBar value={percent} label={`Fitting copy for ${name}`} valueText={text} />
      <p className="text-xs text-zinc-600">The post goes out as soon as the copy is ready.</p>
    </div>
  );
}
