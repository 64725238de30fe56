import { Link } from 'react-router';
import type { Post } from '@fanout/contracts';
import { PostStatusItem } from '@/features/posts';
import { Modal } from '@/components/ui/Modal';

/** A post opened from the calendar: its status, time, the platform's answer and what can be done with it. */
export function PostDialog({ post, zone, onClose }: { post: Post; zone: string; onClose(): void }) {
  return (
    <Modal open onClose={onClose} title={post.videoTitle} description="Post on the calendar.">
      <ul aria-label="Posts" className="divide-y divide-zinc-100">
        <PostStatusItem post={post} zone={zone} />
      </ul>
      <Link
        to={`/video/${post.videoId}`}
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Open the video
      </Link>
    </Modal>
  );
}
