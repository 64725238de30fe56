import { Link } from 'react-router';
import type { Post } from '@fanout/contracts';
import { PostStatusItem } from '@/features/posts';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';

interface PostDialogProps {
  post: Post;
  zone: string;
  /** "Move…" of a scheduled post, also here: a phone's month view has no room for it beside the post. */
  onMove(post: Post): void;
  onClose(): void;
}

/** A post opened from the calendar: its status, time, the platform's answer and what can be done with it. */
export function PostDialog({ post, zone, onMove, onClose }: PostDialogProps) {
  return (
    <Modal open onClose={onClose} title={post.videoTitle} description="Post on the calendar.">
      <ul aria-label="Posts" className="divide-y divide-zinc-100">
        <PostStatusItem post={post} zone={zone} />
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {post.status === 'scheduled' && (
          <Button size="sm" variant="secondary" onClick={() => onMove(post)}>
            Move…
          </Button>
        )}
        <Link
          to={`/video/${post.videoId}`}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Open the video
        </Link>
      </div>
    </Modal>
  );
}
