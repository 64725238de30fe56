import type { Post } from '@fanout/contracts';
import { waitsForCopy, waitsForReconnect } from '../post-status';
import { PostAppliedPrivacy } from './PostAppliedPrivacy';
import { PostApprovalNote } from './PostApprovalNote';
import { PostErrorText } from './PostErrorText';
import { PostFirstComment } from './PostFirstComment';
import { PostReconnectWait } from './PostReconnectWait';

/**
 * What a post's status needs said beside it: the wait for a reconnect, the platform's words on a failure, or the
 * privacy the platform applied instead of the one chosen; then its first comment, if it has one.
 */
export function PostNote({ post, id }: { post: Post; id: string }) {
  return (
    <>
      <StatusNote post={post} id={id} />
      <PostFirstComment post={post} />
    </>
  );
}

function StatusNote({ post, id }: { post: Post; id: string }) {
  if (waitsForReconnect(post)) return <PostReconnectWait post={post} id={id} />;
  // Its progress says it already: waiting is not a failure.
  if (waitsForCopy(post)) return null;
  if (post.appliedPrivacy && post.status === 'published') return <PostAppliedPrivacy post={post} id={id} />;
  // Waiting for approval is no failure: what an approver asked for, or that its time passed, in plain words.
  if (post.status === 'awaiting_approval') return <PostApprovalNote post={post} id={id} />;
  return post.error ? <PostErrorText error={post.error} platform={post.platform} id={id} /> : null;
}
