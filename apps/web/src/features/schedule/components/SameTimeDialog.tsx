import type { Post } from '@fanout/contracts';
import { formatInZone, platformName, PostStatusBadge } from '@/features/posts';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { sameTimeLabel, type TimeGroup } from '../same-time';

interface SameTimeDialogProps {
  group: TimeGroup<Post>;
  zone: string;
  onOpen(post: Post): void;
  onMove(post: Post): void;
  onClose(): void;
}

/** The posts of one "3 posts at 09:00" entry of the week and day views, each to open or (if scheduled) move. */
export function SameTimeDialog({ group, zone, onOpen, onMove, onClose }: SameTimeDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={sameTimeLabel(group)}
      description={`${formatInZone(group.items[0]!.scheduledAt, zone)}. Open a post, or move a scheduled one.`}
    >
      <ul aria-label="Posts" className="divide-y divide-zinc-100">
        {group.items.map((post) => {
          const name = platformName(post.platform);
          return (
            <li key={post.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <PlatformIcon platform={post.platform} className="size-6" />
              <button
                type="button"
                onClick={() => onOpen(post)}
                className="min-w-0 flex-1 text-left text-sm font-medium break-words text-zinc-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {post.videoTitle}
                <span className="block text-xs font-normal text-zinc-600">
                  {name} · {post.accountName}
                </span>
              </button>
              <PostStatusBadge status={post.status} error={post.error} />
              {post.status === 'scheduled' && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Move… ${post.videoTitle} on ${name}`}
                  onClick={() => onMove(post)}
                >
                  Move…
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
