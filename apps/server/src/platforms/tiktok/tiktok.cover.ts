import type { PublishRequest } from '../platform-adapter';

/**
 * The cover frame for video/init's post_info (platform-apis.md §1, Direct Post flow 2:
 * `video_cover_timestamp_ms`). TikTok takes a frame only; an image cover leaves TikTok to pick its own.
 */
export function tiktokCoverField(request: PublishRequest): { video_cover_timestamp_ms?: number } {
  const cover = request.cover;
  return cover?.kind === 'frame' ? { video_cover_timestamp_ms: cover.frameMs } : {};
}
