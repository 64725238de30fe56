import type { PlatformResponse, RequestOptions } from '../base-adapter';
import type { PlatformError } from '../platform-error';

/** What the publish steps need from the adapter. */
export interface RedditApi {
  /** A call to oauth.reddit.com with the bearer token; `json.errors` in a 2xx answer are thrown. */
  call<T>(step: string, url: string, accessToken: string, opts?: RequestOptions): Promise<T>;
  /** A plain request (S3 actions, which answer in XML). */
  request(step: string, url: string, opts?: RequestOptions): Promise<PlatformResponse>;
  unrecognized(step: string, res: PlatformResponse | undefined, what?: string): PlatformError;
  error(
    kind: 'rejected' | 'retryable',
    step: string,
    message: string,
    details?: { platformCode?: string; platformMessage?: string; outcomeUnknown?: boolean; createSent?: boolean },
  ): PlatformError;
  /** The web address of a path on www.reddit.com (on the emulator in sandbox mode). */
  webUrl(path: string): string;
  userAgent: string;
  timeoutMs: number;
}

export interface RedditPost {
  id?: string;
  name?: string;
  url?: string;
  permalink?: string;
  title?: string;
  score?: number;
  ups?: number;
  num_comments?: number;
  removed_by_category?: string | null;
  removal_reason?: string | null;
}

/** The things of a Listing (their `data`), or undefined when the answer is not one. */
export function listingChildren<T = Record<string, unknown>>(body: unknown): T[] | undefined {
  const children = (body as { data?: { children?: unknown } } | undefined)?.data?.children;
  if (!Array.isArray(children)) return undefined;
  return children.map((c) => ((c as { data?: T }).data ?? {}) as T);
}

export const listingPosts = (body: unknown) => listingChildren<RedditPost>(body);

/** The post id in a post address: `…/comments/<id>/<slug>/`. */
export function postIdFromUrl(url: string): string | undefined {
  return /\/comments\/([a-z0-9]+)/i.exec(url)?.[1];
}

/** A parsed answer as the response it came in, so an unrecognized one keeps its raw text for the person. */
export const answerOf = (raw: unknown): PlatformResponse => ({
  status: 200,
  headers: {},
  text: JSON.stringify(raw) ?? '',
  body: raw,
});
