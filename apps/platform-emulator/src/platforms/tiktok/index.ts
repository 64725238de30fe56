import type { PlatformModule } from '../../core/context';
import { RateWindows, tiktokErrors } from './envelopes';
import { registerOAuth } from './oauth';
import { registerPublish } from './publish';
import { registerStatus } from './status';
import { registerUpload } from './upload';

/**
 * TikTok (Login Kit and the Content Posting API, direct post with FILE_UPLOAD).
 *
 * Fault steps (`POST /_control/faults {platform: 'tiktok', step}`):
 * - `authorize`: the authorize page and its decision (www.tiktok.com/v2/auth/authorize/)
 * - `token`: code exchange and refresh (open.tiktokapis.com/v2/oauth/token/)
 * - `userinfo`: the profile (/v2/user/info/)
 * - `creator_info`: /v2/post/publish/creator_info/query/
 * - `init`: /v2/post/publish/video/init/ and inbox/video/init/; `duplicate` refuses the post here
 *   (403 spam_risk_too_many_posts)
 * - `upload`: each PUT of a chunk to the upload_url (open-upload.tiktokapis.com/video/)
 * - `status`: /v2/post/publish/status/fetch/; the processing faults are read here (core/processing-faults.ts):
 *   `processing_failed` (FAILED, fail_reason = the fault's message or file_format_check_failed) and
 *   `slow_processing` (PROCESSING_UPLOAD for its delayMs, or while it exists)
 * - `metrics`: /v2/video/query/
 * - `page`: the post page www.tiktok.com/@<username>/video/<id>
 */
export const tiktok: PlatformModule = {
  platform: 'tiktok',
  name: 'TikTok',
  errors: tiktokErrors,
  register(api, ctx) {
    const windows = new RateWindows();
    registerOAuth(api, ctx, windows);
    registerPublish(api, ctx, windows);
    registerUpload(api, ctx);
    registerStatus(api, ctx, windows);
  },
};
