import type { Post } from '@fanout/contracts';
import { postOptionWords } from './post-options-words';

/** The options the post is sent with, in the composer's words, so what reached the platform can be read back. */
export function PostOptions({ post }: { post: Post }) {
  const words = postOptionWords(post.platform, post.options);
  if (words.length === 0) return null;
  return (
    <p className="text-xs text-zinc-600">
      <span className="font-medium">Options:</span> {words.join(' · ')}
    </p>
  );
}
