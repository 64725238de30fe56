import type { PlatformResponse } from '../base-adapter';
import { BaseAdapter } from '../base-adapter';
import type {
  AccountProfile,
  AuthorizeInput,
  ConnectedAccount,
  ExchangeInput,
  PostMetrics,
  PostedComment,
  PostStatus,
  PublishedPost,
  PublishJournal,
  PublishRequest,
  PublishStepResult,
  TokenSet,
} from '../platform-adapter';
import type { PlatformError } from '../platform-error';
import { classifyX } from './x.errors';
import type { XHttp } from './x.http';
import { exchangeXCode, refreshXToken, X_SCOPES, xProfile } from './x.oauth';
import { findXPost, xMetrics, xPostStatus } from './x.posts';
import { findXReply, postXReply } from './x.comment';
import { xPublishStep } from './x.publish';

const AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';

/** X (API v2): OAuth 2.0 with PKCE, chunked media upload, posts with a video. */
export class XAdapter extends BaseAdapter {
  readonly platform = 'x' as const;
  readonly usesPkce = true;
  readonly scopes = X_SCOPES;
  /** GET /2/users/{id}/tweets (getUsersPosts in X's OpenAPI): tweet.read and users.read. */
  readonly commentLookupScopes = ['tweet.read', 'users.read'];
  /** The media upload and its processing come before the create that posts it. */
  protected override readonly stepsBeforePost = ['append', 'finalize', 'status'];
  protected override readonly stepsAfterPost = ['created'];

  private httpFacade?: XHttp;

  /** The calls the step files make, bound to this adapter. */
  protected get http(): XHttp {
    this.httpFacade ??= {
      platform: this.platform,
      request: (step, url, opts) => this.request(step, url, opts),
      json: async (step, url, opts) => (await this.requestJson(step, url, opts)).data as never,
      unrecognized: (step, res, what) => this.unrecognized(step, res, what),
      browserUrl: (url) => this.browserEndpoint(url),
    };
    return this.httpFacade;
  }

  private get credentials() {
    return { clientId: this.clientId, clientSecret: this.clientSecret };
  }

  authorizeUrl(input: AuthorizeInput): string {
    if (!input.codeChallenge) throw new Error('X authorization needs a PKCE code challenge');
    const url = new URL(this.browserEndpoint(AUTHORIZE_URL));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('scope', this.scopes.join(' '));
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    return exchangeXCode(this.http, this.credentials, input);
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    return refreshXToken(this.http, this.credentials, tokens);
  }

  profile(tokens: TokenSet): Promise<AccountProfile> {
    return xProfile(this.http, tokens);
  }

  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    return xPublishStep(this.http, request, journal);
  }

  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    return findXPost(this.http, request, journal);
  }

  postComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment> {
    return postXReply(this.http, account, platformPostId, text);
  }

  findComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment | null> {
    return findXReply(this.http, account, platformPostId, text);
  }

  postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    return xPostStatus(this.http, account, platformPostId);
  }

  metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    return xMetrics(this.http, account, platformPostId);
  }

  protected override classify(res: PlatformResponse, step: string): PlatformError {
    return classifyX(this.platform, res, step);
  }
}
