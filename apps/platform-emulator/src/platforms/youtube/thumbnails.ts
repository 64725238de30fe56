import { createHash } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { authorizeCall } from './access';
import { accountById } from './accounts';
import { googleError } from './envelopes';
import { etag, videos } from './records';
import { API_HOSTS } from './upload';

/** thumbnails.set's media upload limit, as its reference page gives it ("Maximum file size: 2MB"). */
const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'));

/**
 * thumbnails.set (POST /upload/youtube/v3/thumbnails/set?videoId=, a simple media upload of a JPEG or PNG; the
 * discovery document's youtube.thumbnails.set). Errors as its reference lists them: 400 invalidImage and
 * mediaBodyRequired, 403 forbidden when the channel may not set custom thumbnails (an unverified channel),
 * 404 videoNotFound.
 */
export function registerThumbnails(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS)
    api.route('POST', host, '/upload/youtube/v3/thumbnails/set', 'thumbnails', (req) => setThumbnail(ctx, req));
}

async function setThumbnail(ctx: EmulatorContext, req: EmuRequest): Promise<EmuResponse> {
  const auth = authorizeCall(ctx, req, 'youtube.thumbnails.set');
  if (!auth.ok) return auth.response;
  const videoId = req.query.get('videoId') ?? '';
  const video = videos(ctx).get(videoId);
  if (!video || video.accountId !== auth.token.accountId)
    return googleError(404, 'videoNotFound', 'The video that you are trying to update cannot be found.', {
      location: 'videoId',
      locationType: 'parameter',
    });
  if (!accountById(auth.token.accountId)?.verified)
    return googleError(
      403,
      'forbidden',
      "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
    );
  const image = await req.buffer();
  if (image.length === 0)
    return googleError(400, 'mediaBodyRequired', 'The request does not include the image content.');
  if (image.length > MAX_THUMBNAIL_BYTES)
    return googleError(400, 'invalidImage', 'The provided image content is invalid.');
  if (!isJpeg(image) && !isPng(image))
    return googleError(400, 'invalidImage', 'The provided image content is invalid.');
  ctx.published.setCover('youtube', videoId, {
    imageBytes: image.length,
    imageSha256: createHash('sha256').update(image).digest('hex'),
  });
  const url = ctx.pageUrl('i.ytimg.com', `/vi/${videoId}/maxresdefault.jpg`);
  return json(200, {
    kind: 'youtube#thumbnailSetResponse',
    etag: etag(image.length),
    items: [{ default: { url, width: 120, height: 90 }, high: { url, width: 480, height: 360 } }],
  });
}
