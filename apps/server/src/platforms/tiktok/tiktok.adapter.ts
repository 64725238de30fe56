import { BaseAdapter, type PlatformResponse, type RequestOptions } from '../base-adapter';
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
import { PlatformError } from '../platform-error';
import { answerOf, creatorInfo, fetchStatus, queryVideo, type TikTokApi } from './tiktok.api';
import { apiError, classifyTikTok } from './tiktok.errors';
import {
  TIKTOK_AUTHORIZE_URL,
  TIKTOK_SCOPES,
  TIKTOK_TOKEN_URL,
  TIKTOK_USER_INFO_URL,
  tiktokAuthorizeUrl,
  tiktokTokenSet,
  type TikTokTokenAnswer,
} from './tiktok.oauth';
import { tiktokAppliedPrivacy } from './tiktok.applied-privacy';
import { publishedPost, tiktokPublishStep } from './tiktok.publish';

export class TikTokAdapter extends BaseAdapter {
  readonly platform = 'tiktok' as const;
  // PKCE is for TikTok's mobile and desktop apps; a web app uses its client secret.
  readonly usesPkce = false;
  readonly scopes = TIKTOK_SCOPES;
  /** The init makes the post: once its upload may have completed (`upload`), TikTok is asked first. */
  protected override readonly stepsAfterPost = ['status'];

  private readonly api: TikTokApi = {
    call: (step, url, token, opts) => this.call(step, url, token, opts),
    request: (step, url, opts) => this.request(step, url, opts),
    unrecognized: (step, res, what) => this.unrecognized(step, res, what),
    rejected: (step, message, details) =>
      new PlatformError('tiktok', 'rejected', message, { step, platformMessage: message, ...details }),
    postUrl: (username, videoId) =>
      this.browserEndpoint(
        videoId ? `https://www.tiktok.com/@${username}/video/${videoId}` : `https://www.tiktok.com/@${username}`,
      ),
  };

  authorizeUrl(input: AuthorizeInput): string {
    return tiktokAuthorizeUrl(this.browserEndpoint(TIKTOK_AUTHORIZE_URL), this.clientId, input);
  }

  async exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    return this.token('oauth.token', {
      client_key: this.clientId,
      client_secret: this.clientSecret,
      code: input.code,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
    });
  }

  async refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError('tiktok', 'disconnected', 'tiktok oauth.refresh: no refresh token stored', {
        step: 'oauth.refresh',
      });
    const form = {
      client_key: this.clientId,
      client_secret: this.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    };
    return this.token('oauth.refresh', form, tokens);
  }

  async profile(tokens: TokenSet): Promise<AccountProfile> {
    const data = await this.call<{ user?: Record<string, unknown> }>(
      'profile',
      TIKTOK_USER_INFO_URL,
      tokens.accessToken,
      // `username` needs user.info.profile (User Info APIs Scope Migration): a grant without it is not asked for it.
      { query: { fields: profileFields(tokens.scopes) } },
    );
    const user = data.user;
    if (!user || typeof user.open_id !== 'string') throw this.unrecognized('profile', answerOf(data), 'no user');
    const username = typeof user.username === 'string' ? user.username : '';
    return {
      accountId: user.open_id,
      name: (typeof user.display_name === 'string' && user.display_name) || username || user.open_id,
      avatarUrl: typeof user.avatar_url === 'string' ? user.avatar_url : null,
      extra: { username },
    };
  }

  /**
   * creator_info: the privacy levels this account may choose, its longest video, interactions it turned off, its
   * nickname. A live app that has not passed the Direct Post audit may only post SELF_ONLY (Content Sharing
   * Guidelines, "Direct Post API"): only that level is offered, and the answer says why.
   */
  override async publishOptions(account: ConnectedAccount): Promise<Record<string, unknown>> {
    const info = await creatorInfo(this.api, account.accessToken);
    const audited = this.options.stages?.tiktokAudited;
    return {
      privacy_level_options:
        audited === false
          ? info.privacy_level_options.filter((level) => level === 'SELF_ONLY')
          : info.privacy_level_options,
      max_video_post_duration_sec: info.max_video_post_duration_sec ?? null,
      comment_disabled: info.comment_disabled ?? false,
      duet_disabled: info.duet_disabled ?? false,
      stitch_disabled: info.stitch_disabled ?? false,
      creator_username: info.creator_username ?? account.extra.username ?? null,
      creator_nickname: info.creator_nickname ?? null,
      ...(audited === undefined ? {} : { direct_post_audited: audited }),
    };
  }

  async publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    const step = await tiktokPublishStep(this.api, request, journal);
    return step.done ? { ...step, post: this.withAppliedPrivacy(request, step.post) } : step;
  }

  /** TikTok reads no privacy back; an unaudited live app's post is SELF_ONLY whatever was asked (its guidelines). */
  private withAppliedPrivacy(request: PublishRequest, post: PublishedPost): PublishedPost {
    const appliedPrivacy = tiktokAppliedPrivacy(request.post.options.privacyLevel, this.options.stages?.tiktokAudited);
    return appliedPrivacy ? { ...post, appliedPrivacy } : post;
  }

  /** The status fetch by publish_id tells whether the upload became a post. */
  async findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    if (typeof journal.publishId !== 'string') return null;
    const status = await fetchStatus(this.api, request.account.accessToken, journal.publishId);
    const username = typeof journal.username === 'string' ? journal.username : (request.account.extra.username ?? '');
    const post = publishedPost(this.api, { username, publishId: journal.publishId }, status);
    return post && this.withAppliedPrivacy(request, post);
  }

  async postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    const video = await queryVideo(this.api, account.accessToken, platformPostId);
    if (!video) return { state: 'removed', reason: 'TikTok no longer lists this video' };
    // A grant without user.info.profile stores no username, so the address TikTok gives for the video comes first.
    const url = typeof video.share_url === 'string' && video.share_url ? video.share_url : undefined;
    return { state: 'live', url: url ?? this.api.postUrl(account.extra.username ?? '', platformPostId) };
  }

  async metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    const video = await queryVideo(this.api, account.accessToken, platformPostId);
    const n = (v: unknown) => (typeof v === 'number' ? v : null);
    return {
      views: n(video?.view_count),
      likes: n(video?.like_count),
      comments: n(video?.comment_count),
      shares: n(video?.share_count),
    };
  }

  protected override classify(res: PlatformResponse, step: string): PlatformError {
    return classifyTikTok(res, step, (r, s) => super.classify(r, s));
  }

  private async token(step: string, form: Record<string, string>, previous?: TokenSet): Promise<TokenSet> {
    const { response, data } = await this.requestJson<TikTokTokenAnswer>(step, TIKTOK_TOKEN_URL, { form });
    const tokens = tiktokTokenSet(data, previous);
    if (tokens) return tokens;
    if ((data as { error?: unknown }).error) throw this.classify(response, step);
    throw this.unrecognized(step, response, 'a token answer without an access token');
  }

  /** A call with the bearer token whose envelope must say `ok` (TikTok may refuse inside a 2xx too). */
  private async call<T>(step: string, url: string, accessToken: string, opts: RequestOptions = {}): Promise<T> {
    const headers = { ...opts.headers, authorization: `Bearer ${accessToken}` };
    const { response, data } = await this.requestJson<{ data?: unknown }>(step, url, { ...opts, headers });
    const error = apiError(data);
    if (!error) throw this.unrecognized(step, response, 'an answer without its error envelope');
    if (error.code !== 'ok') throw this.classify(response, step);
    if (!data.data || typeof data.data !== 'object') throw this.unrecognized(step, response, 'an answer without data');
    return data.data as T;
  }
}

function profileFields(scopes: readonly string[]): string {
  const fields = ['open_id', 'avatar_url', 'display_name'];
  return (scopes.includes('user.info.profile') ? [...fields, 'username'] : fields).join(',');
}
