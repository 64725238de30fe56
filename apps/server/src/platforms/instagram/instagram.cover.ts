import type { PublishRequest } from '../platform-adapter';

/**
 * The Reel container's cover (platform-apis.md §2, Publish flow 1: `cover_url | thumb_offset`). The post's own
 * `coverFrameMs` option, from before covers were a detail of the video, wins for that post. Otherwise the video's
 * frame goes as thumb_offset; its image as cover_url only when the internet can fetch it (PUBLIC_URL is public),
 * else Instagram picks its own frame.
 */
export function instagramCoverFields(request: PublishRequest): { thumb_offset?: number; cover_url?: string } {
  const own = request.post.options.coverFrameMs;
  if (typeof own === 'number') return { thumb_offset: Math.round(own) };
  const cover = request.cover;
  if (cover?.kind === 'frame') return { thumb_offset: cover.frameMs };
  if (cover?.kind === 'image' && cover.publicUrl) return { cover_url: cover.publicUrl };
  return {};
}
