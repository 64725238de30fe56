import type { Readable } from 'node:stream';
import type { AppliedPrivacy, PlatformKey, RedditCommunityRules, YouTubePlaylist } from '@fanout/contracts';
import type { AppCheckResult } from './app-check';

/**
 * The one interface every platform implements. Generic code (connections, the publish runner, metrics)
 * talks to platforms only through it and never branches on a platform key. Every method that calls the
 * platform throws `PlatformError` (platform-error.ts) and nothing else for a platform's refusal or fault.
 *
 * Contract for implementers:
 * - Real hosts and paths only, always through `BaseAdapter.request` (which sends them to the emulator in
 *   sandbox mode); URLs the platform hands back (upload sessions, upload_url, S3 actions) are used as they come.
 * - Never log or return tokens except inside `TokenSet`.
 * - Bytes are streamed from `MediaSource.read(range)`; never a whole file in memory.
 */
export interface PlatformAdapter {
  readonly platform: PlatformKey;
  /** True when this adapter talks to the platform emulator rather than the real platform. */
  readonly sandbox: boolean;
  /** Whether the authorize URL carries a PKCE challenge (then `exchangeCode` needs the verifier). */
  readonly usesPkce: boolean;
  /** The scopes asked for, in the platform's own spelling. */
  readonly scopes: readonly string[];

  /** The platform's authorize page (in sandbox mode: the emulator's, at the address the browser reaches). */
  authorizeUrl(input: AuthorizeInput): string;
  /** Trades the code for tokens (including any follow-up exchange, e.g. Instagram's long-lived token). */
  exchangeCode(input: ExchangeInput): Promise<TokenSet>;
  /**
   * A fresh access token. Rotating refresh tokens (TikTok) come back in the result and must be stored with
   * the access token in one transaction; a refresh token the platform did not replace is kept as it was.
   * `disconnected` when the grant is dead for good.
   */
  refresh(tokens: TokenSet): Promise<TokenSet>;
  /**
   * The account the grant publishes as (a channel, a Page, a user). May return tokens to store instead of
   * the exchanged ones (a Page's own token), and what publishing needs later in `account.extra`.
   */
  profile(tokens: TokenSet): Promise<AccountProfile>;
  /**
   * Every account the grant may publish as, for the person to choose from when there are several (Facebook: each
   * Page the person manages, each with its own token); most platforms have the one `profile` gives.
   */
  accounts(tokens: TokenSet): Promise<AccountProfile[]>;

  /** Whether the platform accepts the app's id and secret, by a call that acts for no one (`npm run doctor`). */
  checkApp(redirectUri: string): Promise<AppCheckResult>;

  /** Account-specific choices publishing needs (TikTok's creator_info privacy levels …); {} when none. */
  publishOptions(account: ConnectedAccount): Promise<Record<string, unknown>>;
  /**
   * What a community asks of a post (Reddit: its post requirements and link flairs), for the composer; absent
   * on platforms without communities.
   */
  communityRules?(account: ConnectedAccount, community: string): Promise<RedditCommunityRules>;
  /** The account's own playlists a post may be added to (YouTube's playlists.list?mine=true); absent elsewhere. */
  playlists?(account: ConnectedAccount): Promise<YouTubePlaylist[]>;
  /**
   * One step of the publish flow. `journal` is null for a new post, else what the previous step returned
   * (and the runner committed). Returns the next journal (commit it before calling again), or the
   * published post. A journal whose `step` is `create` means the next call makes the one request that
   * is not safe to repeat (X's POST /2/tweets, media_publish, Reddit's submit …): when resuming such a
   * journal after a crash or an unknown outcome, ask `findPost` first.
   */
  publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult>;
  /** Did the post of this journal reach the platform? The published post, or null when it did not. */
  findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null>;
  /**
   * Whether the platform may already hold a post whose journal stands here, for a person who corrects its text
   * or options before a retry: `none` (only uploads and sessions, which are left unused: start over), `maybe`
   * (the request that makes the post may have landed: `findPost` first) or `held` (the platform took it: a
   * correction can no longer reach it).
   */
  postPresence(journal: PublishJournal | null): PostPresence;
  /**
   * Posts a comment as the account under its published post (the post's first comment): exactly one request that
   * makes the comment, which the caller never repeats by itself. Absent where the platform has no comment API.
   */
  postComment?(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment>;
  /**
   * Looks on the platform for a comment by the account under its post with this text (a first comment whose
   * answer was lost): the comment, or null when there is none. Only reads. Absent where it cannot be read back.
   */
  findComment?(account: ConnectedAccount, platformPostId: string, text: string): Promise<PostedComment | null>;
  /** The scopes `findComment` needs (any the grant lacks: the comment cannot be looked up). */
  readonly commentLookupScopes?: readonly string[];
  /** Where a post stands on the platform now. */
  postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus>;
  /** Engagement figures; null where the platform gives no such figure. */
  metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics>;
}

export interface AuthorizeInput {
  state: string;
  redirectUri: string;
  /** S256 challenge, when `usesPkce`. */
  codeChallenge?: string;
}

export interface ExchangeInput {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}

/** What a grant consists of. Stored encrypted; never logged; never sent to the browser. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** When the access token stops working; undefined when the platform gives no end. */
  expiresAt?: Date;
  /** When the refresh token stops working (TikTok, Instagram long-lived tokens). */
  refreshExpiresAt?: Date;
  scopes: string[];
}

export interface AccountProfile {
  accountId: string;
  name: string;
  avatarUrl: string | null;
  /** Platform-specific values publishing needs (a user name for Reddit's User-Agent …). Not secret. */
  extra?: Record<string, string>;
  /** Tokens to store instead of the exchanged ones (Facebook: the Page's token). */
  tokens?: TokenSet;
}

/** A connection as publishing sees it. */
export interface ConnectedAccount {
  accountId: string;
  accountName: string;
  accessToken: string;
  /** The grant's second token as stored (`TokenSet.refreshToken`): Facebook keeps the person's user token here. */
  refreshToken?: string;
  extra: Record<string, string>;
}

/** A stored file, read in ranges. */
export interface MediaSource {
  sizeBytes: number;
  mimeType: string;
  filename: string;
  /** Bytes `start`..`end` inclusive, or the whole file. */
  read(range?: { start: number; end: number }): Readable;
}

export interface VideoSource extends MediaSource {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

export interface PublishRequest {
  account: ConnectedAccount;
  video: VideoSource;
  /** The video's JPEG preview (Reddit's poster, cover images); null when there is none. */
  thumbnail: MediaSource | null;
  /** The video's cover (docs/covers.md); null or absent when none was chosen. */
  cover?: PublishCover | null;
  /** The video's caption tracks (docs/captions.md), read when an adapter reaches its captions step. */
  captions?: () => Promise<PublishCaption[]>;
  post: {
    /** The video's title (YouTube's title, a Page video's title). */
    title: string;
    /** The text of the post in the platform's text field (TikTok title, X text, Reddit title …). */
    caption: string;
    tags: string[];
    /** Platform options, validated against the platform's option schema before publishing. */
    options: Record<string, unknown>;
  };
}

/**
 * A video's cover as adapters see it: a frame (milliseconds from the start) or an image, read from storage
 * like the video, with the address a platform can fetch it from when PUBLIC_URL is on the internet (null
 * otherwise: platforms that only take an image by URL, Instagram's cover_url, cannot have it).
 */
export type PublishCover =
  | { kind: 'frame'; frameMs: number }
  | { kind: 'image'; image: MediaSource; width: number; height: number; publicUrl: string | null };

/** A caption track as adapters see it: its language, the name players show, and the file's text. */
export interface PublishCaption {
  language: string;
  label: string | null;
  format: 'srt' | 'vtt';
  text: string;
}

export type PostPresence = 'none' | 'maybe' | 'held';

/** JSON the runner stores between steps; opaque to it but for `step` (shown as progress). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export interface PublishJournal {
  step: string;
  [key: string]: JsonValue;
}

export interface PublishProgress {
  bytesSent: number;
  bytesTotal: number;
}

export type PublishStepResult =
  | {
      done: false;
      journal: PublishJournal;
      /** Wait this long before the next step (processing polls, `check_after_secs`). */
      waitMs?: number;
      progress?: PublishProgress;
    }
  | { done: true; journal: PublishJournal; post: PublishedPost };

export interface PublishedPost {
  platformPostId: string;
  /** The public address of the post. */
  url: string;
  /**
   * The privacy the platform applied, read back from it, when it is not the one the person chose (YouTube's
   * unverified API projects, TikTok's unaudited apps); absent when it is the one chosen.
   */
  appliedPrivacy?: AppliedPrivacy;
  /** The platform's own words when it refused the cover after the post went live (the post stays published). */
  coverError?: string;
  /** The platform's own words when it refused to add the post to a chosen playlist (the post stays published). */
  playlistError?: string;
  /** The platform's own words when it refused a caption track after the post went live (the post stays published). */
  captionsError?: string;
}

export interface PostedComment {
  commentId: string;
  /** The comment's own address where the platform gives one, else null (the post's address shows it). */
  url: string | null;
}

export interface PostStatus {
  state: 'processing' | 'live' | 'failed' | 'removed';
  url?: string;
  /** The platform's words when failed or removed. */
  reason?: string;
}

export interface PostMetrics {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}
