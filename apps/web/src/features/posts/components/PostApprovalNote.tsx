import type { Post } from '@fanout/contracts';

/**
 * Beside a post awaiting approval, in plain words (no failure): what an approver asked to change, that its time
 * passed while it waited, or that it waits.
 */
export function PostApprovalNote({ post, id }: { post: Post; id?: string }) {
  return (
    <p id={id} className="text-sm text-amber-800">
      {post.error?.message ?? 'Waits for an owner, reviewer or client to approve it before it is published.'}
    </p>
  );
}
