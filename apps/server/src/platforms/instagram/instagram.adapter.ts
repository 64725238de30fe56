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
import { MetaGraphAdapter } from '../meta/meta-graph.adapter';
import { sortedAs } from '../meta/meta.errors';
import { exchangeInstagramCode, INSTAGRAM_SCOPES, instagramProfile, refreshInstagramToken } from './instagram.oauth';
import { findInstagramPost, instagramMetrics, instagramPostStatus } from './instagram.posts';
import { instagramPublishStep } from './instagram.publish';

const AUTHORIZE_URL = 'https://api.instagram.com/oauth/authorize';

/** Instagram professional accounts through Instagram Login: Reels by resumable upload. */
export class InstagramAdapter extends MetaGraphAdapter {
  readonly platform = 'instagram' as const;
  readonly usesPkce = false;
  readonly scopes = INSTAGRAM_SCOPES;
  protected readonly graphHost = 'graph.instagram.com';

  authorizeUrl(input: AuthorizeInput): string {
    const url = new URL(this.browserEndpoint(AUTHORIZE_URL));
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', this.scopes.join(','));
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    const creds = { clientId: this.clientId, clientSecret: this.clientSecret };
    // A code that is bad or used is a refused connection, whatever the envelope calls it.
    return sortedAs(() => exchangeInstagramCode(this.http, creds, input), ['auth_expired', 'disconnected'], 'rejected');
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    return refreshInstagramToken(this.http, tokens);
  }

  profile(tokens: TokenSet): Promise<AccountProfile> {
    return instagramProfile(this.http, tokens);
  }

  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    return instagramPublishStep(this.http, request, journal);
  }

  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    return findInstagramPost(this.http, request, journal);
  }

  postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    return instagramPostStatus(this.http, account, platformPostId);
  }

  metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    return instagramMetrics(this.http, account, platformPostId);
  }
}
