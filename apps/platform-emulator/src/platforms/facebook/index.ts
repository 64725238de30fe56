/**
 * Facebook (Facebook Login and Pages): OAuth with long-lived user tokens and Page tokens, Page videos through the
 * Resumable Upload API, Page Reels through rupload, post pages, and video insights.
 *
 * Fault steps (`POST /_control/faults {platform: 'facebook', step}`):
 * - `authorize`     the dialog, `www.facebook.com/<ver>/dialog/oauth`
 * - `token`         the code exchange, `GET graph.facebook.com/<ver>/oauth/access_token`
 * - `long_lived`    the same path with `grant_type=fb_exchange_token`
 * - `me`            `GET /me` (or the user's id)
 * - `accounts`      `GET /me/accounts` (and the Page node by id)
 * - `upload_start`  `POST /<app-id>/uploads`
 * - `upload`        `POST /upload:<SID>`
 * - `upload_status` `GET /upload:<SID>`
 * - `create`        `POST /<page-id>/videos`; also where `duplicate` acts for videos, and the processing faults
 *                   (`processing_failed`, `slow_processing`) are read for them
 * - `videos`        `GET /<page-id>/videos` (and a regular video's node)
 * - `reels_start`   `POST /<page-id>/video_reels upload_phase=start`
 * - `reels_upload`  `POST rupload.facebook.com/video-upload/<ver>/<video-id>` (answered in rupload's envelope)
 * - `reels_status`  `GET /<video-id>?fields=status`; the processing faults are read under this step for Reels
 * - `reels_finish`  `POST /<page-id>/video_reels upload_phase=finish`; also where `duplicate` acts
 * - `insights`      `GET /<video-id>/video_insights`
 * - `comment`       `POST /<video-id>/comments` (as the Page)
 * - `comments`      `GET /<video-id>/comments` (its comments, read back as the Page)
 * - `thumbnails`    `POST /<video-id>/thumbnails` (a Page video's thumbnail image)
 * - `captions`      `POST /<video-id>/captions` (a Page video's SRT caption track)
 * - `permissions`   `GET /me/permissions`, `DELETE /me/permissions/<permission>`
 * Rate-limit faults answer Graph's code 32 (Page request limit) with `x-app-usage` and
 * `x-business-use-case-usage` headers.
 */
import type { PlatformModule } from '../../core/context';
import { graphFaultEnvelopes } from '../meta/graph-errors';
import { FB_PAGE } from './fb-account';
import { registerComments } from './fb-comments';
import { registerInsights } from './fb-insights';
import { registerNodes } from './fb-nodes';
import { registerFacebookOAuth } from './fb-oauth';
import { registerPermissions } from './fb-grants';
import { registerReels } from './fb-reels';
import { registerThumbnails } from './fb-thumbnails';
import { registerCaptions } from './fb-captions';
import { registerUploads } from './fb-upload';
import { registerVideos } from './fb-videos';

const errors = graphFaultEnvelopes({
  throttleCode: 32,
  objectId: FB_PAGE.id,
  bucType: 'pages',
});

export const facebook: PlatformModule = {
  platform: 'facebook',
  name: 'Facebook',
  errors,
  register(api, ctx) {
    registerFacebookOAuth(api, ctx, errors);
    // Before the node routes: `upload:<SID>` is one path segment, as a node id is.
    registerUploads(api, ctx);
    registerVideos(api, ctx);
    registerReels(api, ctx, errors);
    registerInsights(api, ctx);
    registerComments(api, ctx);
    registerThumbnails(api, ctx);
    registerCaptions(api, ctx);
    registerPermissions(api, ctx);
    registerNodes(api, ctx, errors);
  },
};
