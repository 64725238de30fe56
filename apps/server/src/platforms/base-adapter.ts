import type { PlatformKey, RedditCommunityRules } from '@fanout/contracts';
import { request as httpRequest, type Dispatcher } from 'undici';
import type {
  AccountProfile,
  AuthorizeInput,
  ConnectedAccount,
  ExchangeInput,
  PlatformAdapter,
  PostMetrics,
  PostPresence,
  PostStatus,
  PublishedPost,
  PublishJournal,
  PublishRequest,
  PublishStepResult,
  TokenSet,
} from './platform-adapter';
import { APP_CHECKS, type AppCheckResult } from './app-check';
import { CHECK_STATUSES } from './app-check/app-check';
import { PlatformError } from './platform-error';
import type { PlatformResponse, RequestBody, RequestOptions } from './platform-http';
import { AnswerTooLargeError, readAnswer } from './read-answer';

/** Where a platform's requests go: the real hosts, or the emulator (sandbox mode). */
export interface PlatformTarget {
  /** The emulator's address for server-to-platform calls: `https://host/path` → `<apiUrl>/host/path`. */
  apiUrl: string;
  /** The emulator's address as the browser reaches it (authorize pages). */
  browserUrl: string;
}

export interface AdapterLog {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface AdapterOptions {
  credentials: { clientId: string; clientSecret: string };
  /** Set in sandbox mode: every request goes to the emulator instead of the real host. */
  emulator?: PlatformTarget;
  log: AdapterLog;
  /** Sent on every request (Reddit requires a unique one). */
  userAgent: string;
  /**
   * Where the live app stands with the platform's review (YOUTUBE_API_VERIFIED, TIKTOK_AUDITED); unset in
   * sandbox mode, where the emulator's own stage for the sandbox app decides.
   */
  stages?: { youtubeApiVerified: boolean; tiktokAudited: boolean };
  /** Per request, for the answer's headers, and again for its whole body once they arrived; default 30 s. */
  timeoutMs?: number;
  /** undici dispatcher (tests may pass one); the global one otherwise. */
  dispatcher?: Dispatcher;
}

export type { PlatformResponse, RequestBody, RequestOptions } from './platform-http';

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * What every adapter shares: HTTP with timeouts and the sandbox address rewrite, logging without tokens or
 * query strings, and error classification into the closed set of platform-error.ts. A platform's adapter
 * extends it, implements its flows, and overrides `classify` to read its own error envelope.
 */
export abstract class BaseAdapter implements PlatformAdapter {
  abstract readonly platform: PlatformKey;
  abstract readonly usesPkce: boolean;
  abstract readonly scopes: readonly string[];

  constructor(protected readonly options: AdapterOptions) {}

  get sandbox(): boolean {
    return this.options.emulator !== undefined;
  }

  protected get clientId() {
    return this.options.credentials.clientId;
  }
  protected get clientSecret() {
    return this.options.credentials.clientSecret;
  }

  abstract authorizeUrl(input: AuthorizeInput): string;
  abstract exchangeCode(input: ExchangeInput): Promise<TokenSet>;
  abstract refresh(tokens: TokenSet): Promise<TokenSet>;
  abstract profile(tokens: TokenSet): Promise<AccountProfile>;
  abstract publishStep(request: PublishRequest, journal: PublishJournal | null): Promise<PublishStepResult>;
  abstract findPost(request: PublishRequest, journal: PublishJournal): Promise<PublishedPost | null>;
  abstract postStatus(account: ConnectedAccount, platformPostId: string): Promise<PostStatus>;
  abstract metrics(account: ConnectedAccount, platformPostId: string): Promise<PostMetrics>;

  /** Whether the platform accepts this app's id and secret, by a call that acts for no one (`npm run doctor`). */
  async checkApp(redirectUri: string): Promise<AppCheckResult> {
    const send = (step: string, url: string, opts: RequestOptions) =>
      this.request(step, url, { ...opts, accept: CHECK_STATUSES });
    try {
      return await APP_CHECKS[this.platform]({ credentials: this.options.credentials, redirectUri, send });
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      return { outcome: 'unknown', detail: err.message };
    }
  }

  /** The accounts one grant may connect (a Facebook user's Pages); most platforms: the grant's own account. */
  async accounts(tokens: TokenSet): Promise<AccountProfile[]> {
    return [await this.profile(tokens)];
  }

  async publishOptions(_account: ConnectedAccount): Promise<Record<string, unknown>> {
    return {};
  }

  /** Undefined: a platform without communities whose rules a post must meet (all but Reddit). */
  communityRules?(account: ConnectedAccount, community: string): Promise<RedditCommunityRules>;

  /** Steps of the publish flow at which the platform holds nothing that could become the post. */
  protected readonly stepsBeforePost: readonly string[] = [];
  /** Steps at which the platform has taken the post (its processing, the look-up of its address). */
  protected readonly stepsAfterPost: readonly string[] = [];

  /** A step listed in neither (the create, a new one) counts as `maybe`: the platform is asked first. */
  postPresence(journal: PublishJournal | null): PostPresence {
    if (journal === null || this.stepsBeforePost.includes(journal.step)) return 'none';
    if (journal.step === 'done' || this.stepsAfterPost.includes(journal.step)) return 'held';
    return 'maybe';
  }

  /** A real platform URL as this process must call it: unchanged live, on the emulator in sandbox mode. */
  protected endpoint(url: string): string {
    return rewrite(url, this.options.emulator?.apiUrl);
  }

  /** A real platform URL as the person's browser must open it (authorize pages). */
  protected browserEndpoint(url: string): string {
    return rewrite(url, this.options.emulator?.browserUrl);
  }

  /**
   * One HTTP request to the platform. `url` is the real `https://host/path` (rewritten here in sandbox
   * mode) or a URL the platform handed out (used as it is). Answers outside 2xx and `accept` are thrown
   * as `PlatformError` by `classify`; no answer at all (refused, reset, timed out) is `retryable`, with
   * `outcomeUnknown` when a body may have reached the platform.
   */
  protected async request(step: string, url: string, opts: RequestOptions = {}): Promise<PlatformResponse> {
    const method = opts.method ?? (opts.body !== undefined || opts.json !== undefined || opts.form ? 'POST' : 'GET');
    const target = new URL(this.endpoint(url));
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) target.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent, ...lowerKeys(opts.headers) };
    let body: RequestBody | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    } else if (opts.form) {
      body = formBody(opts.form);
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const timeout = opts.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const started = Date.now();
    const where = { platform: this.platform, step, method, host: target.host, path: target.pathname };
    let res: Dispatcher.ResponseData;
    try {
      res = await httpRequest(target, {
        method,
        headers,
        body,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        dispatcher: this.options.dispatcher,
      });
    } catch (err) {
      this.options.log.warn({ ...where, ms: Date.now() - started, err: errorCode(err) }, 'platform request failed');
      throw new PlatformError(this.platform, 'retryable', `${this.label(step)}: no answer (${errorCode(err)})`, {
        step,
        outcomeUnknown: method !== 'GET' && !isRefused(err),
        cause: err,
      });
    }
    let text: string;
    try {
      text = await readAnswer(res.body, timeout);
    } catch (err) {
      const what = err instanceof AnswerTooLargeError ? 'the answer was too large' : 'the answer was cut off';
      throw new PlatformError(this.platform, 'retryable', `${this.label(step)}: ${what}`, {
        step,
        httpStatus: res.statusCode,
        outcomeUnknown: method !== 'GET',
        cause: err,
      });
    }
    const response: PlatformResponse = {
      status: res.statusCode,
      headers: flattenHeaders(res.headers),
      text,
      body: parseJson(text),
    };
    this.options.log.debug({ ...where, status: response.status, ms: Date.now() - started }, 'platform request');
    const ok = (response.status >= 200 && response.status < 300) || (opts.accept ?? []).includes(response.status);
    if (!ok) throw this.classify(response, step);
    return response;
  }

  /** `request`, then the body as a JSON object; anything else is an unrecognized reply. */
  protected async requestJson<T = Record<string, unknown>>(
    step: string,
    url: string,
    opts: RequestOptions = {},
  ): Promise<{ response: PlatformResponse; data: T }> {
    const response = await this.request(step, url, opts);
    if (response.body === undefined || response.body === null || typeof response.body !== 'object') {
      throw this.unrecognized(step, response);
    }
    return { response, data: response.body as T };
  }

  /**
   * Sorts a non-2xx answer into the closed set. This default reads only the status and the standard
   * Retry-After header; adapters override it to read their platform's envelope, and fall back to it.
   */
  protected classify(res: PlatformResponse, step: string): PlatformError {
    const message = `${this.label(step)} failed with HTTP ${res.status}`;
    const details = { step, httpStatus: res.status, platformMessage: res.text.slice(0, 500) || undefined };
    if (res.status === 401) return new PlatformError(this.platform, 'auth_expired', message, details);
    if (lacksScope(res)) return new PlatformError(this.platform, 'disconnected', message, details);
    if (res.status === 429)
      return new PlatformError(this.platform, 'rate_limited', message, {
        ...details,
        retryAt: retryAfterHeader(res.headers) ?? new Date(Date.now() + 60_000),
      });
    if (res.status >= 500 || res.status === 408) return new PlatformError(this.platform, 'retryable', message, details);
    return new PlatformError(this.platform, 'rejected', message, details);
  }

  /** An answer whose shape the adapter does not know: retried once, then rejected (escalateUnrecognized). */
  protected unrecognized(
    step: string,
    res: PlatformResponse | undefined,
    what = 'an answer it could not read',
  ): PlatformError {
    return new PlatformError(this.platform, 'retryable', `${this.label(step)}: the platform sent ${what}`, {
      step,
      httpStatus: res?.status,
      platformMessage: res?.text.slice(0, 500),
      unrecognized: true,
    });
  }

  protected label(step: string): string {
    return `${this.platform} ${step}`;
  }
}

/** `https://host/path?q` → `<base>/host/path?q`; URLs already on `base` (handed out by it) stay as they are. */
export function rewrite(url: string, base: string | undefined): string {
  if (!base) return url;
  const root = base.replace(/\/$/, '');
  if (url.startsWith(root + '/')) return url;
  const real = new URL(url.startsWith('//') ? `https:${url}` : url);
  return `${root}/${real.host}${real.pathname}${real.search}`;
}

/**
 * A 403 whose `WWW-Authenticate` says `error="insufficient_scope"` (RFC 6750 3.1): the token lacks a permission
 * the request needs, which only a new grant (the person connecting again) can give.
 */
export function lacksScope(res: PlatformResponse): boolean {
  return res.status === 403 && /error="?insufficient_scope/i.test(res.headers['www-authenticate'] ?? '');
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterHeader(headers: Record<string, string>): Date | undefined {
  const value = headers['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return new Date(Date.now() + seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : new Date(date);
}

/** Seconds from now until `expires_in` runs out, as a date; undefined when absent. */
export function expiresIn(seconds: unknown, now = Date.now()): Date | undefined {
  const n = typeof seconds === 'string' ? Number(seconds) : seconds;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? new Date(now + n * 1000) : undefined;
}

export function formBody(form: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(password)}`).toString('base64')}`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function lowerKeys(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function errorCode(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string }; name?: string };
  return e?.code ?? e?.cause?.code ?? e?.name ?? 'error';
}

function isRefused(err: unknown): boolean {
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(errorCode(err));
}
