import type { RedditCommunityRules } from '@fanout/contracts';
import { basicAuth, BaseAdapter, type PlatformResponse, type RequestOptions } from '../base-adapter';
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
import { PlatformError } from '../platform-error';
import { answerOf, listingChildren, listingPosts, type RedditApi, type RedditPost } from './reddit.api';
import { findRedditComment, postRedditComment } from './reddit.comment';
import { classifyReddit, jsonErrorToPlatformError } from './reddit.errors';
import {
  REDDIT_API,
  REDDIT_AUTHORIZE_URL,
  REDDIT_SCOPES,
  REDDIT_TOKEN_URL,
  redditAuthorizeUrl,
  redditTokenSet,
  type RedditTokenAnswer,
} from './reddit.oauth';
import { communityRules } from './reddit.community';
import { findRedditPost, postAddress, redditPublishStep } from './reddit.publish';

export class RedditAdapter extends BaseAdapter {
  readonly platform = 'reddit' as const;
  readonly usesPkce = false;
  readonly scopes = REDDIT_SCOPES;
  /** GET /comments/{article}: scope read. */
  readonly commentLookupScopes = ['read'];
  /** The video and its poster are uploaded before the submit that makes the post. */
  protected override readonly stepsBeforePost = ['lease-video', 'upload-video', 'lease-poster', 'upload-poster'];
  protected override readonly stepsAfterPost = ['result'];

  private readonly api: RedditApi = {
    call: (step, url, token, opts) => this.call(step, url, token, opts),
    request: (step, url, opts) => this.request(step, url, opts),
    unrecognized: (step, res, what) => this.unrecognized(step, res, what),
    error: (kind, step, message, details) => new PlatformError('reddit', kind, message, { step, ...details }),
    webUrl: (path) => this.browserEndpoint(`https://www.reddit.com${path}`),
    userAgent: this.options.userAgent,
    timeoutMs: this.options.timeoutMs ?? 30_000,
  };

  authorizeUrl(input: AuthorizeInput): string {
    return redditAuthorizeUrl(this.browserEndpoint(REDDIT_AUTHORIZE_URL), this.clientId, input);
  }

  exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    return this.token('oauth.token', {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
    });
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError('reddit', 'disconnected', 'reddit oauth.refresh: no refresh token stored', {
        step: 'oauth.refresh',
      });
    return this.token('oauth.refresh', { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens);
  }

  async profile(tokens: TokenSet): Promise<AccountProfile> {
    const me = await this.call<{ id?: unknown; name?: unknown; icon_img?: unknown }>(
      'profile',
      `${REDDIT_API}/api/v1/me`,
      tokens.accessToken,
    );
    if (typeof me.id !== 'string' || typeof me.name !== 'string')
      throw this.unrecognized('profile', answerOf(me), 'no user');
    // Reddit HTML-escapes the query string of icon addresses.
    const icon = typeof me.icon_img === 'string' && me.icon_img ? me.icon_img.replace(/&amp;/g, '&') : null;
    return { accountId: me.id, name: me.name, avatarUrl: icon, extra: { username: me.name } };
  }

  /**
   * The communities the account has joined, offered where the person types one. A grant made before Fanout
   * asked for `mysubreddits` is refused them (403): then none are known, and any community may still be typed.
   */
  override async publishOptions(account: ConnectedAccount): Promise<Record<string, unknown>> {
    try {
      const body = await this.call<unknown>(
        'subreddits',
        `${REDDIT_API}/subreddits/mine/subscriber`,
        account.accessToken,
        {
          query: { limit: 100, raw_json: 1 },
        },
      );
      const children = listingChildren(body);
      if (!children) throw this.unrecognized('subreddits', answerOf(body), 'a listing without children');
      const names = children.map((c) => c.display_name).filter((n): n is string => typeof n === 'string' && n !== '');
      return { subreddits: names };
    } catch (err) {
      if (err instanceof PlatformError && err.httpStatus === 403) return { subreddits: null };
      throw err;
    }
  }

  /** A community's requirements and link flairs, for the composer (reddit.community.ts). */
  override communityRules(account: ConnectedAccount, community: string): Promise<RedditCommunityRules> {
    return communityRules(this.api, account.accessToken, community);
  }

  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    return redditPublishStep(this.api, request, journal);
  }

  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    return findRedditPost(this.api, request, journal);
  }

  postComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment> {
    return postRedditComment(this.api, account, platformPostId, text);
  }

  findComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment | null> {
    return findRedditComment(this.api, account, platformPostId, text);
  }

  async postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    const post = await this.info(account, platformPostId, 'status');
    if (!post) return { state: 'removed', reason: 'Reddit no longer knows this post' };
    if (post.removed_by_category)
      return { state: 'removed', url: postAddress(this.api, post), reason: `removed (${post.removed_by_category})` };
    return { state: 'live', url: postAddress(this.api, post) };
  }

  async metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    const post = await this.info(account, platformPostId, 'metrics');
    const n = (v: unknown) => (typeof v === 'number' ? v : null);
    // Reddit shows no views or shares to the API; upvotes stand for likes.
    return { views: null, likes: n(post?.ups ?? post?.score), comments: n(post?.num_comments), shares: null };
  }

  protected override classify(res: PlatformResponse, step: string): PlatformError {
    return classifyReddit(res, step, (r, s) => super.classify(r, s));
  }

  private async info(account: ConnectedAccount, id: string, step: string): Promise<RedditPost | undefined> {
    const body = await this.call<unknown>(step, `${REDDIT_API}/api/info`, account.accessToken, {
      query: { id: `t3_${id}`, raw_json: 1 },
    });
    const posts = listingPosts(body);
    if (!posts) throw this.unrecognized(step, answerOf(body), 'a listing without children');
    return posts.find((p) => p.id === id || p.name === `t3_${id}`);
  }

  private async token(step: string, form: Record<string, string>, previous?: TokenSet): Promise<TokenSet> {
    const { response, data } = await this.requestJson<RedditTokenAnswer>(step, REDDIT_TOKEN_URL, {
      form,
      headers: { authorization: basicAuth(this.clientId, this.clientSecret) },
    });
    const tokens = redditTokenSet(data, previous);
    if (tokens) return tokens;
    // Reddit refuses a code or refresh token with HTTP 200 and `{error}`.
    if (data.error !== undefined) throw this.classify(response, step);
    throw this.unrecognized(step, response, 'a token answer without an access token');
  }

  private async call<T>(step: string, url: string, accessToken: string, opts: RequestOptions = {}): Promise<T> {
    const headers = { ...opts.headers, authorization: `Bearer ${accessToken}` };
    const { response, data } = await this.requestJson<T>(step, url, { ...opts, headers });
    const refused = jsonErrorToPlatformError(response, step);
    if (refused) throw refused;
    return data;
  }
}
