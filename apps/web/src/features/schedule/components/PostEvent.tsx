import type { Post } from '@fanout/contracts';
import { POST_STATUS_LABELS, POST_STATUS_TONES, platformName } from '@/features/posts';
import { Badge } from '@/components/ui/Badge';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { PLATFORM_ACCENTS } from '../platform-colors';

interface PostEventProps {
  post: Post;
  /** `10:00` on the person's clock. */
  time: string;
  /** The agenda has room for the account's name. */
  roomy: boolean;
  onOpen(post: Post): void;
  onMove(post: Post): void;
}

/** A post on the calendar: its platform's colour and icon, time, title and status; opens on click. */
export function PostEvent({ post, time, roomy, onOpen, onMove }: PostEventProps) {
  const name = platformName(post.platform);
  return (
    <div
      className="flex w-full min-w-0 items-center gap-1 overflow-hidden rounded border-l-4 bg-white px-1 py-0.5 text-xs text-zinc-900"
      style={{ borderLeftColor: PLATFORM_ACCENTS[post.platform] }}
    >
      <button
        type="button"
        onClick={() => onOpen(post)}
        className="flex min-w-0 flex-1 items-center gap-1 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <PlatformIcon platform={post.platform} className="size-4 shrink-0" />
        <span className="shrink-0 font-medium tabular-nums">{time}</span>
        <span className="min-w-0 truncate">{post.videoTitle}</span>
        <span className="sr-only">
          {' '}
          on {name}, {POST_STATUS_LABELS[post.status]}
        </span>
        {roomy && <span className="truncate text-zinc-600"> · {post.accountName}</span>}
      </button>
      <span aria-hidden="true" className="hidden shrink-0 sm:inline-flex">
        <Badge tone={POST_STATUS_TONES[post.status]} className="px-1.5 py-0">
          {POST_STATUS_LABELS[post.status]}
        </Badge>
      </span>
      {post.status === 'scheduled' && (
        <button
          type="button"
          onClick={() => onMove(post)}
          aria-label={`Move ${post.videoTitle} on ${name} to…`}
          className="shrink-0 rounded px-1 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Move…
        </button>
      )}
    </div>
  );
}
