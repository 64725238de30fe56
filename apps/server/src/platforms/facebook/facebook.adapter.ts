import { GRAPH_VERSION } from '../meta/graph-version';
import { MetaGraphAdapter, type MetaSteps } from '../meta/meta-graph.adapter';
import {
  exchangeFacebookCode,
  FACEBOOK_PERMISSIONS,
  FACEBOOK_SCOPES,
  facebookPages,
  facebookProfile,
  refreshFacebookTokens,
} from './facebook.oauth';
import { facebookMetrics, facebookPostStatus, findFacebookPost } from './facebook.posts';
import { facebookPublishStep } from './facebook.publish';

/** Facebook Pages: Page videos through the resumable upload API, and Page reels. Each Page is a connection. */
export class FacebookAdapter extends MetaGraphAdapter {
  readonly platform = 'facebook' as const;
  readonly scopes = FACEBOOK_SCOPES;
  protected readonly graphHost = 'graph.facebook.com';
  protected readonly authorizePage = `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`;
  protected readonly permissions = FACEBOOK_PERMISSIONS;
  protected readonly commentTextField = 'message';
  /** Graph API Comments edge, Reading, with the Page token: pages_read_engagement and pages_read_user_content. */
  readonly commentLookupScopes = ['pages_read_engagement', 'pages_read_user_content'];
  /**
   * The dialog asks again for a permission the person declined or removed only with auth_type=rerequest (Facebook
   * Login, "Re-asking for Declined Permissions"): without it a reconnect for a missing permission would not ask.
   */
  protected override readonly authorizeExtras = { auth_type: 'rerequest' };
  /** The upload and the reel's processing come before the finish call that publishes it. */
  protected override readonly stepsBeforePost = ['upload', 'processing'];
  protected override readonly stepsAfterPost = ['cover', 'captions', 'created'];
  protected readonly steps: MetaSteps = {
    exchange: exchangeFacebookCode,
    refresh: (_http, tokens) => refreshFacebookTokens(this.platform, tokens),
    profile: facebookProfile,
    accounts: facebookPages,
    publishStep: facebookPublishStep,
    findPost: findFacebookPost,
    postStatus: facebookPostStatus,
    metrics: facebookMetrics,
  };
}
