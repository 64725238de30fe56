import type { PublishRequest } from '../platform-adapter';
import { isPlatformError } from '../platform-error';
import type { YouTubeApi } from './youtube.api';

/** thumbnails.set as a simple media upload (discovery document: youtube.thumbnails.set, mediaUpload simple path). */
export const THUMBNAILS_SET_URL = 'https://www.googleapis.com/upload/youtube/v3/thumbnails/set';

/** Whether the video's cover is one YouTube takes: an image (YouTube takes no frame offset). */
export const hasYouTubeCover = (request: PublishRequest) => request.cover?.kind === 'image';

/**
 * Sets the video's image cover as the custom thumbnail of the published video. The video is live already, so
 * a refusal never undoes it: YouTube's own words come back (e.g. an unverified channel's "The authenticated
 * user doesn't have permissions to upload and set custom video thumbnails."), to be shown on the post; null
 * when it took the image. A YouTube 403 is sorted as `rejected` (youtube.errors.ts) unless it is a quota.
 */
export async function setYouTubeThumbnail(
  api: YouTubeApi,
  request: PublishRequest,
  videoId: string,
): Promise<string | null> {
  const cover = request.cover;
  if (cover?.kind !== 'image') return null;
  try {
    await api.request('cover', THUMBNAILS_SET_URL, request.account.accessToken, {
      method: 'POST',
      query: { videoId },
      headers: { 'content-type': cover.image.mimeType, 'content-length': String(cover.image.sizeBytes) },
      body: cover.image.read(),
    });
    return null;
  } catch (err) {
    // Passing faults, rate limits and an expired token are the runner's to retry, as for any step.
    if (!isPlatformError(err) || err.kind !== 'rejected') throw err;
    return err.platformMessage ?? err.message;
  }
}
