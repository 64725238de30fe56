import type { Post } from '@fanout/contracts';
import { useRenditions } from '../api/renditions';
import { burnedWords } from './fit/burn-words';

/** A post that sends a fitting copy with captions drawn into its picture says so, with the track's language. */
export function PostBurnedCaptions({ post }: { post: Post }) {
  const copies = useRenditions(post.videoId, post.rendition != null);
  const copy = copies.data?.renditions.find((r) => r.id === post.rendition?.id);
  if (!copy?.burnedCaptions) return null;
  return <p className="text-xs text-zinc-600">Sends its fitting copy · {burnedWords(copy.burnedCaptions)}</p>;
}
