import type { MediaSource, PublishRequest } from '../platform-adapter';

/**
 * The poster of a Reddit video post (platform-apis.md §6, step 3 and submit's `video_poster_url`): the video's
 * image cover when it has one, else its generated preview. A frame cover does not apply: Reddit takes an image.
 */
export function redditPoster(request: PublishRequest): MediaSource | null {
  return request.cover?.kind === 'image' ? request.cover.image : request.thumbnail;
}
