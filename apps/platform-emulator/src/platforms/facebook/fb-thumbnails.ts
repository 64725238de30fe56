import { createHash } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, readParams, type ParamTable } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { FB_CALLS } from './fb-calls';
import { pageToken, settleVideo, videos, type FbVideo } from './fb-store';

/** POST /<video-id>/thumbnails's params (AdVideo.json, `thumbnails` POST): `source` a file, `is_preferred` a bool. */
export const THUMBNAIL_PARAMS: ParamTable = {
  is_preferred: { type: 'bool' },
  source: { type: 'file' },
};

/** Graph API "Video Thumbnails", Creating, Limitations: "Maximum thumbnail file size 10MB". */
export const MAX_THUMBNAIL_BYTES = 10 * 1024 * 1024;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'));

/**
 * `POST /<video-id>/thumbnails` (Graph API "Video Thumbnails", Creating): `source`, "an image file", required;
 * `is_preferred` makes it the video's shown thumbnail. Its rules: a Page access token with pages_read_user_content,
 * pages_manage_engagement and pages_show_list (fb-calls.ts), at most 10 MB, only on "Videos that have been
 * associated with a Page" (a video of another Page, or none, is Graph's "Unsupported post request"). Answers
 * `{"success": true}`. The bytes are recorded on the video and its published item (`cover`).
 */
export function registerThumbnails(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'POST', 'graph.facebook.com', '/:video/thumbnails', 'thumbnails', async (req) => {
    const p = await readParams(req);
    const video = videos(ctx).get(req.params.video!);
    const auth = pageToken(ctx, accessToken(req, p), video?.pageId ?? '', FB_CALLS.thumbnail);
    if (!auth.ok) return auth.response;
    if (!video) return unsupportedRequest('POST', req.params.video!);
    const bad = checkParams(p, THUMBNAIL_PARAMS);
    if (bad) return bad;
    const source = p.files.find((f) => f.field === 'source');
    if (!source) return missingParam('source');
    if (source.size > MAX_THUMBNAIL_BYTES)
      return invalidParam(`The thumbnail is larger than the maximum of ${MAX_THUMBNAIL_BYTES} bytes (10MB)`);
    if (!isJpeg(source.data) && !isPng(source.data)) return invalidParam('The thumbnail source is not an image file');
    const thumbnail = {
      imageBytes: source.size,
      imageSha256: createHash('sha256').update(source.data).digest('hex'),
    };
    const preferred = p.get('is_preferred') !== undefined && /^(true|1)$/i.test(p.get('is_preferred')!);
    videos(ctx).update(video.id, (v: FbVideo) => {
      v.thumbnails = [...(v.thumbnails ?? []), { ...thumbnail, preferred }];
    });
    settleVideo(ctx, video.id, { poll: false, step: 'thumbnails' });
    if (preferred) ctx.published.setCover('facebook', video.id, thumbnail);
    return json(200, { success: true });
  });
}
