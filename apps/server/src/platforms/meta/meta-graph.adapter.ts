import { BaseAdapter, type PlatformResponse, type RequestOptions } from '../base-adapter';
import type {
  AccountProfile,
  AuthorizeInput,
  ConnectedAccount,
  ExchangeInput,
  PostedComment,
  PostMetrics,
  PostStatus,
  PublishedPost,
  PublishJournal,
  PublishRequest,
  PublishStepResult,
  TokenSet,
} from '../platform-adapter';
import type { PlatformError } from '../platform-error';
import type { GraphHttp } from './graph-http';
import { findGraphComment, postGraphComment } from './graph-comment';
import { GRAPH_VERSION } from './graph-version';
import { classifyMetaError, metaError, sortedAs, type PermissionHints } from './meta.errors';

/** A Meta platform's own step functions; the adapter binds them to its Graph calls. */
export interface MetaSteps {
  exchange(http: GraphHttp, creds: { clientId: string; clientSecret: string }, input: ExchangeInput): Promise<TokenSet>;
  refresh(http: GraphHttp, tokens: TokenSet): TokenSet | Promise<TokenSet>;
  profile(http: GraphHttp, tokens: TokenSet): Promise<AccountProfile>;
  /** Every account the grant may publish as, when that can be more than the one `profile` gives. */
  accounts?(http: GraphHttp, tokens: TokenSet): Promise<AccountProfile[]>;
  publishStep(http: GraphHttp, request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult>;
  findPost(http: GraphHttp, request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null>;
  postStatus(http: GraphHttp, account: ConnectedAccount, platformPostId: string): Promise<PostStatus>;
  metrics(http: GraphHttp, account: ConnectedAccount, platformPostId: string): Promise<PostMetrics>;
}

/** Instagram and Facebook: one Graph API, one error envelope, one OAuth dialog shape. */
export abstract class MetaGraphAdapter extends BaseAdapter {
  readonly usesPkce = false;
  /** `graph.instagram.com` or `graph.facebook.com`. */
  protected abstract readonly graphHost: string;
  /** The real address of the platform's OAuth dialog. */
  protected abstract readonly authorizePage: string;
  protected abstract readonly steps: MetaSteps;
  /** What names the permission a refusal went without (meta.errors.ts). */
  protected abstract readonly permissions: PermissionHints;
  /** The field of a comment holding its text (IG Comment `text`, Facebook Comment `message`). */
  protected abstract readonly commentTextField: 'text' | 'message';
  /** More parameters of the authorize page (Facebook's `auth_type=rerequest`). */
  protected readonly authorizeExtras: Readonly<Record<string, string>> = {};

  authorizeUrl(input: AuthorizeInput): string {
    const url = new URL(this.browserEndpoint(this.authorizePage));
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    url.searchParams.set('scope', this.scopes.join(','));
    url.searchParams.set('response_type', 'code');
    for (const [name, value] of Object.entries(this.authorizeExtras)) url.searchParams.set(name, value);
    return url.toString();
  }

  exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    const creds = { clientId: this.clientId, clientSecret: this.clientSecret };
    // A code that is bad or used is a refused connection, whatever the envelope calls it.
    return sortedAs(() => this.steps.exchange(this.http, creds, input), ['auth_expired', 'disconnected'], 'rejected');
  }

  async refresh(tokens: TokenSet): Promise<TokenSet> {
    return this.steps.refresh(this.http, tokens);
  }

  profile(tokens: TokenSet): Promise<AccountProfile> {
    return this.steps.profile(this.http, tokens);
  }

  override async accounts(tokens: TokenSet): Promise<AccountProfile[]> {
    return this.steps.accounts ? this.steps.accounts(this.http, tokens) : super.accounts(tokens);
  }

  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    return this.steps.publishStep(this.http, request, journal);
  }

  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    return this.steps.findPost(this.http, request, journal);
  }

  postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    return this.steps.postStatus(this.http, account, platformPostId);
  }

  metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    return this.steps.metrics(this.http, account, platformPostId);
  }

  postComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment> {
    return postGraphComment(this.http, account, platformPostId, text);
  }

  findComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment | null> {
    return findGraphComment(this.http, account, platformPostId, text, this.commentTextField);
  }

  private httpFacade?: GraphHttp;

  /** The calls step files make, bound to this adapter (built on first use: subclass fields exist by then). */
  protected get http(): GraphHttp {
    this.httpFacade ??= {
      platform: this.platform,
      appId: this.clientId,
      graphUrl: (path) => this.graphUrl(path),
      graph: (step, path, token, opts) => this.graph(step, path, token, opts),
      request: (step, url, opts) => this.request(step, url, opts),
      classify: (res, step) => this.classify(res, step),
      unrecognized: (step, res, what) => this.unrecognized(step, res, what),
      browserUrl: (url) => this.browserEndpoint(url),
    };
    return this.httpFacade;
  }

  protected graphUrl(path: string): string {
    return /^https?:/.test(path) ? path : `https://${this.graphHost}/${GRAPH_VERSION}/${path.replace(/^\//, '')}`;
  }

  protected async graph<T = Record<string, unknown>>(
    step: string,
    path: string,
    token: string,
    opts: RequestOptions = {},
  ): Promise<T> {
    const { response, data } = await this.requestJson<T>(step, this.graphUrl(path), {
      ...opts,
      query: { ...opts.query, access_token: token },
    });
    if (metaError(data)) throw this.classify(response, step);
    return data;
  }

  protected override classify(res: PlatformResponse, step: string): PlatformError {
    return classifyMetaError(this.platform, res, step, this.permissions) ?? super.classify(res, step);
  }
}
