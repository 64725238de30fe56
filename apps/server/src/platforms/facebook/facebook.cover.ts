import type { GraphHttp } from '../meta/graph-http';
import { multipartBody } from '../multipart-body';
import type { PublishRequest } from '../platform-adapter';
import { isPlatformError } from '../platform-error';

/**
 * Whether a post of this kind takes the video's cover: an image, on a Page video. Graph API "Video Thumbnails"
 * (`POST /{video-id}/thumbnails`) creates thumbnails on "Videos that have been associated with a Page"; the Reels
 * Publishing API (`/{page-id}/video_reels`, Page.json) has no thumbnail parameter, so a Reel keeps its own.
 */
export function takesFacebookCover(request: PublishRequest, kind: 'video' | 'reel'): boolean {
  return kind === 'video' && request.cover?.kind === 'image';
}

/**
 * The image cover as the published Page video's preferred thumbnail: a multipart `source` image file with
 * `is_preferred=true` and the Page token (AdVideo.json `POST thumbnails`; Graph API "Video Thumbnails": Page
 * token with pages_read_user_content, pages_manage_engagement and pages_show_list, at most 10 MB). The video is
 * live already, so a refusal never undoes it: Facebook's own words come back to be shown on the post; null when it
 * took the image.
 */
export async function setFacebookThumbnail(
  http: GraphHttp,
  request: PublishRequest,
  videoId: string,
): Promise<string | null> {
  const cover = request.cover;
  if (cover?.kind !== 'image') return null;
  const form = multipartBody(
    { is_preferred: 'true' },
    {
      field: 'source',
      filename: cover.image.filename,
      contentType: cover.image.mimeType,
      length: cover.image.sizeBytes,
      stream: cover.image.read(),
    },
  );
  try {
    await http.graph('cover', `${videoId}/thumbnails`, request.account.accessToken, {
      method: 'POST',
      headers: { 'content-type': form.contentType, 'content-length': String(form.contentLength) },
      body: form.body,
    });
    return null;
  } catch (err) {
    // Passing faults, rate limits and an expired or revoked token are the runner's, as for any step. A permission
    // the grant lacks (pages_read_user_content on an older connection) refuses the thumbnail only, not the Page.
    const refused = isPlatformError(err) && (err.kind === 'rejected' || !!err.missingPermissions?.length);
    if (!refused) throw err;
    return err.platformMessage ?? err.message;
  }
}
