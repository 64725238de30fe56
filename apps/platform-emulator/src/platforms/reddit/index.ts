import type { PlatformModule } from '../../core/context';
import { registerComments } from './comments';
import { registerCommunities } from './communities';
import { registerCommunityRules } from './community-rules';
import { RateCounter, redditErrors } from './envelopes';
import { registerListing } from './listing';
import { registerMedia } from './media';
import { registerOAuth } from './oauth';
import { registerSubmit } from './submit';
import { upgradeWebsocket } from './websocket';

/**
 * Reddit (OAuth2, oauth.reddit.com, the media upload lease, its S3 bucket and the video submission's
 * websocket). API routes check the User-Agent (`<platform>:<app id>:<version> (by /u/<name>)`, else 429),
 * the bearer token and scope, and count requests (X-Ratelimit-Used/-Remaining/-Reset on every answer).
 *
 * Fault steps (`POST /_control/faults {platform: 'reddit', step}`):
 * - `authorize`: the authorize page and its decision (www.reddit.com/api/v1/authorize)
 * - `token`: code exchange and refresh (www.reddit.com/api/v1/access_token)
 * - `me`: the profile (/api/v1/me)
 * - `asset`: the upload lease (/api/media/asset.json)
 * - `s3`: the multipart POST of the bytes to the lease's action
 * - `media`: reading an uploaded file back from the bucket
 * - `submit`: /api/submit; `duplicate` refuses it with ALREADY_SUB; the processing faults are read under this
 *   step (core/processing-faults.ts): `processing_failed` (the websocket says `failed`, with the fault's
 *   message) and `slow_processing` (no word on the websocket for the fault's delayMs, or while it exists)
 * - `listing`: /user/<name>/submitted
 * - `subreddits`: /subreddits/mine/subscriber (the communities the redditor joined: all of the sandbox's)
 * - `requirements`: /api/v1/<sr>/post_requirements (r/clips requires flair, and titles of 10 characters or more)
 * - `flairs`: /r/<sr>/api/link_flair_v2 (the link flair templates; scope `flair`)
 * - `info`: /api/info (metrics)
 * - `comment`: /api/comment (a comment under a live post; scope submit)
 * - `comments`: GET /comments/<article> (the post and its comments; scope read)
 * - `page`: the post page www.reddit.com/r/<sr>/comments/<id>/<slug>/
 */
export const reddit: PlatformModule = {
  platform: 'reddit',
  name: 'Reddit',
  errors: redditErrors,
  register(api, ctx) {
    const counter = new RateCounter();
    registerOAuth(api, ctx, counter);
    registerMedia(api, ctx, counter);
    registerSubmit(api, ctx, counter);
    registerListing(api, ctx, counter);
    registerCommunities(api, ctx, counter);
    registerCommunityRules(api, ctx, counter);
    registerComments(api, ctx, counter);
  },
  upgrade: upgradeWebsocket,
};
