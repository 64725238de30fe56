import type { Post } from '@fanout/contracts';
import { platformName } from '../platform-names';

/**
 * The platform's words when, after the post went live, it refused the video's cover or one of its caption tracks
 * (the post stays published).
 */
export function PostLateRefusals({ post }: { post: Post }) {
  const name = platformName(post.platform);
  const refusals = [
    { what: `Cover not set on ${name}:`, words: post.coverError },
    { what: `Captions not added on ${name}:`, words: post.captionsError },
  ].filter((r) => r.words);
  return refusals.map((r) => (
    <p key={r.what} className="text-xs text-amber-800">
      <span className="font-medium">{r.what}</span> {r.words}
    </p>
  ));
}
