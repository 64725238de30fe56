import type { Post } from '@fanout/contracts';
import { waitsForReconnect } from '../post-status';
import { PostErrorText } from './PostErrorText';
import { PostReconnectWait } from './PostReconnectWait';

/** What a post's status needs said beside it: the wait for a reconnect, or the platform's words on a failure. */
export function PostNote({ post, id }: { post: Post; id: string }) {
  if (waitsForReconnect(post)) return <PostReconnectWait post={post} id={id} />;
  return post.error ? <PostErrorText error={post.error} platform={post.platform} id={id} /> : null;
}
