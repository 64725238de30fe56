import type { PostCounts, PostError, PostStatus } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { isPartiallyPublished, PARTIALLY_PUBLISHED, postStatusWords, POST_STATUS_TONES } from '../post-status';

function Dot() {
  return <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />;
}

/**
 * One post's status in words: Scheduled, Awaiting approval (or Approval overdue), Publishing, Published, Failed,
 * Cancelled, Unconfirmed.
 */
export function PostStatusBadge({ status, error = null }: { status: PostStatus; error?: PostError | null }) {
  return (
    <Badge tone={POST_STATUS_TONES[status]}>
      <Dot />
      {postStatusWords({ status, error })}
    </Badge>
  );
}

/** "Partially published" when a video's posts went out on some platforms and failed on others; else nothing. */
export function PartiallyPublishedBadge({ counts }: { counts: PostCounts }) {
  if (!isPartiallyPublished(counts)) return null;
  return (
    <Badge tone="amber">
      <Dot />
      {PARTIALLY_PUBLISHED}
    </Badge>
  );
}
