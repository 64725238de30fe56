import { GRAPH_VERSION } from '../meta/graph-version';
import { MetaGraphAdapter, type MetaSteps } from '../meta/meta-graph.adapter';
import {
  exchangeFacebookCode,
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
  /** The upload and the reel's processing come before the finish call that publishes it. */
  protected override readonly stepsBeforePost = ['upload', 'processing'];
  protected override readonly stepsAfterPost = ['created'];
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
