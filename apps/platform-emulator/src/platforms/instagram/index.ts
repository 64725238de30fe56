/**
 * Instagram (Instagram API with Instagram Login): OAuth, Reels publishing through a media container and a
 * resumable upload, permalinks, the account's media, its publishing limit and media insights.
 *
 * Fault steps (`POST /_control/faults {platform: 'instagram', step}`):
 * - `authorize`   the authorize page (api.instagram.com / www.instagram.com `oauth/authorize`)
 * - `token`       the code exchange, `POST api.instagram.com/oauth/access_token`
 * - `long_lived`  `GET graph.instagram.com/access_token?grant_type=ig_exchange_token`
 * - `refresh`     `GET graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token`
 * - `me`          the profile, `GET /me` (or the account's id)
 * - `container`   `POST /<ig-user-id>/media`
 * - `upload`      `POST rupload.facebook.com/ig-api-upload/<ver>/<container>` (answered in rupload's envelope)
 * - `status`      `GET /<container>?fields=status_code,status`; the processing faults (`processing_failed`,
 *                 `slow_processing`) are read under this step (core/processing-faults.ts)
 * - `create`      `POST /<ig-user-id>/media_publish`; also where `duplicate` acts
 * - `permalink`   `GET /<media-id>?fields=permalink,…`
 * - `media`       `GET /<ig-user-id>/media`
 * - `limit`       `GET /<ig-user-id>/content_publishing_limit`
 * - `insights`    `GET /<media-id>/insights`
 * - `comment`     `POST /<media-id>/comments`
 * - `comments`    `GET /<media-id>/comments` (the media's comments, read back)
 * Rate-limit faults answer Graph's code 4 with `x-app-usage` and `x-business-use-case-usage` headers.
 */
import type { PlatformModule } from '../../core/context';
import { graphFaultEnvelopes } from '../meta/graph-errors';
import { IG_ACCOUNT } from './ig-account';
import { registerComments } from './ig-comments';
import { registerContainers } from './ig-containers';
import { registerInsights } from './ig-insights';
import { registerNodes } from './ig-nodes';
import { registerInstagramOAuth } from './ig-oauth';
import { registerPublish } from './ig-publish';

const errors = graphFaultEnvelopes({
  throttleCode: 4,
  objectId: IG_ACCOUNT.userId,
  bucType: 'instagram',
});

export const instagram: PlatformModule = {
  platform: 'instagram',
  name: 'Instagram',
  errors,
  register(api, ctx) {
    registerInstagramOAuth(api, ctx);
    registerContainers(api, ctx);
    registerPublish(api, ctx);
    registerNodes(api, ctx, errors);
    registerInsights(api, ctx);
    registerComments(api, ctx);
  },
};
