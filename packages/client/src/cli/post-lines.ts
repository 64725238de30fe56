import type { Schemas } from '../api/client';

type Post = Schemas['Post'];

/** One post in words: `#12 tiktok @handle scheduled 2026-12-01T08:00:00.000Z "Title"` (and why it failed). */
export function postLine(post: Post): string {
  const why = post.error ? ` (${post.error.code}: ${post.error.message})` : '';
  const link = post.url ? ` ${post.url}` : '';
  return `#${post.id} ${post.platform} ${post.accountName} ${post.status} ${post.scheduledAt} "${post.videoTitle}"${link}${why}`;
}
