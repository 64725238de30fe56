/**
 * X (API v2 and OAuth 2.0 with PKCE), emulated from the reference and the OpenAPI document.
 *
 * Fault steps (`POST /_control/faults {platform: 'x', step}`):
 * - `authorize`: x.com/i/oauth2/authorize, the page and its decision
 * - `token`: api.x.com/2/oauth2/token (code exchange and refresh) and /2/oauth2/revoke
 * - `me`: GET /2/users/me (the profile)
 * - `initialize`, `append`, `finalize`: POST /2/media/upload/initialize, /{id}/append, /{id}/finalize
 * - `upload`: POST /2/media/upload, the one-request upload
 * - `subtitles`: POST /2/media/subtitles (a subtitles media associated with a video)
 * - `status`: GET /2/media/upload?command=STATUS. The processing faults are read here
 *   (core/processing-faults.ts): `processing_failed` (the media fails with InvalidMedia) and `slow_processing`
 *   (it stays in_progress for the fault's delayMs, or while it exists).
 * - `create`: POST /2/tweets. `duplicate` applies here: 403, duplicate content.
 * - `tweets`: GET /2/users/{id}/tweets (the look-up of a post after an unknown create)
 * - `metrics`: GET /2/tweets/{id} and GET /2/tweets?ids=
 * - `page`: the post page x.com/<username>/status/<id>
 * Every API answer past the token check carries x-rate-limit-limit/-remaining/-reset (per user, 15 minutes).
 */
import type { PlatformModule } from '../../core/context';
import { registerLookups } from './lookups';
import { registerMedia } from './media';
import { registerSubtitles } from './subtitles';
import { registerOAuth } from './oauth';
import { errors } from './problems';
import { registerTweets } from './tweets';

export const x: PlatformModule = {
  platform: 'x',
  name: 'X',
  errors,
  register(api, ctx) {
    registerOAuth(api, ctx);
    registerMedia(api, ctx);
    registerSubtitles(api, ctx);
    registerTweets(api, ctx);
    registerLookups(api, ctx);
  },
};
