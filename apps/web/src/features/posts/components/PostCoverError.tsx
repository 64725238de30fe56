import type { Post } from '@fanout/contracts';
import { platformName } from '../platform-names';

/** The platform's words when it refused the video's cover after the post went live (the post stays published). */
export function PostCoverError({ post }: { post: Post }) {
  if (!post.coverError) return null;
  return (
    <p className="text-xs text-amber-800">
      <span className="font-medium">Cover not set on {platformName(post.platform)}:</span> {post.coverError}
    </p>
  );
}
