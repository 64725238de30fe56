import type {
  AccountProfile,
  AuthorizeInput,
  ConnectedAccount,
  ExchangeInput,
  PostMetrics,
  PostStatus,
  PublishedPost,
  PublishJournal,
  PublishRequest,
  PublishStepResult,
  TokenSet,
} from '../platform-adapter';
import { GRAPH_VERSION } from '../meta/graph-version';
import { MetaGraphAdapter } from '../meta/meta-graph.adapter';
import { sortedAs } from '../meta/meta.errors';
import { exchangeFacebookCode, FACEBOOK_SCOPES, facebookProfile, refreshFacebookTokens } from './facebook.oauth';
import { facebookMetrics, facebookPostStatus, findFacebookPost } from './facebook.posts';
import { facebookPublishStep } from './facebook.publish';

const DIALOG_URL = `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`;

/** Facebook Pages: Page videos through the resumable upload API, and Page reels. Publishes as the first Page. */
export class FacebookAdapter extends MetaGraphAdapter {
  readonly platform = 'facebook' as const;
  readonly usesPkce = false;
  readonly scopes = FACEBOOK_SCOPES;
  protected readonly graphHost = 'graph.facebook.com';

  authorizeUrl(input: AuthorizeInput): string {
    const url = new URL(this.browserEndpoint(DIALOG_URL));
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    url.searchParams.set('scope', this.scopes.join(','));
    url.searchParams.set('response_type', 'code');
    return url.toString();
  }

  exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    const creds = { clientId: this.clientId, clientSecret: this.clientSecret };
    // A code that is bad or used is a refused connection, whatever the envelope calls it.
    return sortedAs(() => exchangeFacebookCode(this.http, creds, input), ['auth_expired', 'disconnected'], 'rejected');
  }

  async refresh(tokens: TokenSet): Promise<TokenSet> {
    return refreshFacebookTokens(this.platform, tokens);
  }

  profile(tokens: TokenSet): Promise<AccountProfile> {
    return facebookProfile(this.http, tokens);
  }

  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    return facebookPublishStep(this.http, request, journal);
  }

  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    return findFacebookPost(this.http, request, journal);
  }

  postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    return facebookPostStatus(this.http, account, platformPostId);
  }

  metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    return facebookMetrics(this.http, account, platformPostId);
  }
}
