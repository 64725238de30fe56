import type { Post } from '@fanout/contracts';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { formatMegabytes } from '@/lib/format';
import { platformName } from '../platform-names';
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

/** Where a post being published stands: bytes uploaded, the platform's processing, a wait before a retry. */
export function PostProgress({ post, zone }: { post: Post; zone: string }) {
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
