import type { YouTubePlaylist } from '@fanout/contracts';
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
import { PlatformError } from '../platform-error';
import { getVideo, YOUTUBE_URLS, type YouTubeApi } from './youtube.api';
import { findYouTubeComment, postYouTubeComment } from './youtube.comment';
import { listYouTubePlaylists } from './youtube.playlists';
import { classifyYouTube } from './youtube.errors';
import {
  GOOGLE_AUTHORIZE_URL,
  GOOGLE_TOKEN_URL,
  googleTokenSet,
  YOUTUBE_SCOPES,
  youtubeAuthorizeUrl,
  type GoogleTokenAnswer,
} from './youtube.oauth';
import { findYouTubeVideo, youtubePublishStep } from './youtube.publish';

export class YouTubeAdapter extends BaseAdapter {
  readonly platform = 'youtube' as const;
  // Google takes S256 PKCE from web apps too, on top of the client secret.
  readonly usesPkce = true;
  readonly scopes = YOUTUBE_SCOPES;
  /** commentThreads.list names youtube.force-ssl only. */
  readonly commentLookupScopes = ['https://www.googleapis.com/auth/youtube.force-ssl'];
  /** The video exists once its upload completes: during `upload`, YouTube is asked first. */
  protected override readonly stepsBeforePost = ['session'];
  protected override readonly stepsAfterPost = ['processing', 'cover', 'playlists', 'captions'];

  private readonly api: YouTubeApi = {
    request: (step, url, token, opts = {}) =>
      this.request(step, url, { ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }),
    unrecognized: (step, res, what) => this.unrecognized(step, res, what),
    rejected: (step, message, details) =>
      new PlatformError('youtube', 'rejected', message, { step, platformMessage: message, ...details }),
    watchUrl: (id) => this.browserEndpoint(`https://www.youtube.com/watch?v=${encodeURIComponent(id)}`),
    knownOffsets: new Map(),
    stages: this.options.stages,
  };

  /** A live project's audit stage (YOUTUBE_API_VERIFIED), so the composer can say uploads stay private; none in the sandbox. */
  override publishOptions(_account: ConnectedAccount): Promise<Record<string, unknown>> {
    const stages = this.options.stages;
    return Promise.resolve(stages ? { api_verified: stages.youtubeApiVerified } : {});
  }

  authorizeUrl(input: AuthorizeInput): string {
    return youtubeAuthorizeUrl(this.browserEndpoint(GOOGLE_AUTHORIZE_URL), this.clientId, input);
  }

  exchangeCode(input: ExchangeInput): Promise<TokenSet> {
    return this.token('oauth.token', {
      code: input.code,
      client_id: this.clientId,
      client_secret: this.clientSecret,
      redirect_uri: input.redirectUri,
      grant_type: 'authorization_code',
      code_verifier: input.codeVerifier,
    });
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError('youtube', 'disconnected', 'youtube oauth.refresh: no refresh token stored', {
        step: 'oauth.refresh',
      });
    const form = {
      client_id: this.clientId,
      client_secret: this.clientSecret,
      refresh_token: tokens.refreshToken,
      grant_type: 'refresh_token',
    };
    return this.token('oauth.refresh', form, tokens);
  }

  async profile(tokens: TokenSet): Promise<AccountProfile> {
    const res = await this.api.request('profile', YOUTUBE_URLS.channels, tokens.accessToken, {
      query: { part: 'snippet', mine: true },
    });
    const items = (res.body as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items)) throw this.unrecognized('profile', res, 'a channel list without items');
    const channel = items[0] as
      | { id?: string; snippet?: { title?: string; customUrl?: string; thumbnails?: Record<string, { url?: string }> } }
      | undefined;
    if (!channel?.id)
      throw new PlatformError('youtube', 'rejected', 'This Google account has no YouTube channel to upload to', {
        step: 'profile',
        platformMessage: 'no channel',
      });
    const thumbs = channel.snippet?.thumbnails ?? {};
    const avatar = thumbs.default?.url ?? thumbs.medium?.url ?? thumbs.high?.url ?? null;
    const extra: Record<string, string> = { channelId: channel.id };
    if (channel.snippet?.customUrl) extra.customUrl = channel.snippet.customUrl;
    return { accountId: channel.id, name: channel.snippet?.title ?? channel.id, avatarUrl: avatar, extra };
  }

  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult> {
    return youtubePublishStep(this.api, request, journal);
  }

  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null> {
    return findYouTubeVideo(this.api, request, journal);
  }

  playlists(account: ConnectedAccount): Promise<YouTubePlaylist[]> {
    return listYouTubePlaylists(this.api, account);
  }

  postComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment> {
    return postYouTubeComment(this.api, account, platformPostId, text);
  }

  findComment(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment | null> {
    return findYouTubeComment(this.api, account, platformPostId, text);
  }

  async postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus> {
    const video = await getVideo(this.api, 'status', account.accessToken, platformPostId, 'status,processingDetails');
    const url = this.api.watchUrl(platformPostId);
    const s = video?.status;
    if (!video || s?.uploadStatus === 'deleted')
      return { state: 'removed', reason: 'YouTube no longer lists this video' };
    if (s?.uploadStatus === 'failed') return { state: 'failed', url, reason: s.failureReason ?? 'processing failed' };
    if (s?.uploadStatus === 'rejected') return { state: 'failed', url, reason: s.rejectionReason ?? 'rejected' };
    if (s?.uploadStatus === 'processed') return { state: 'live', url };
    return { state: 'processing', url };
  }

  async metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics> {
    const video = await getVideo(this.api, 'metrics', account.accessToken, platformPostId, 'statistics');
    // The Data API sends the counts as strings.
    const n = (v: unknown) =>
      v === undefined || v === null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);
    const st = video?.statistics;
    return { views: n(st?.viewCount), likes: n(st?.likeCount), comments: n(st?.commentCount), shares: null };
  }

  protected override classify(res: PlatformResponse, step: string): PlatformError {
    return classifyYouTube(res, step, (r, s) => super.classify(r, s));
  }

  private async token(step: string, form: RequestOptions['form'], previous?: TokenSet): Promise<TokenSet> {
    const { response, data } = await this.requestJson<GoogleTokenAnswer>(step, GOOGLE_TOKEN_URL, { form });
    const tokens = googleTokenSet(data, previous);
    if (tokens) return tokens;
    if (data.error !== undefined) throw this.classify(response, step);
    throw this.unrecognized(step, response, 'a token answer without an access token');
  }
}
