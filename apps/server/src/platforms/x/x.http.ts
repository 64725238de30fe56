import type { PlatformResponse, RequestOptions } from '../base-adapter';
import type { PlatformError } from '../platform-error';

/** What X's step files use to talk to the platform, bound to the adapter. */
export interface XHttp {
  readonly platform: string;
  request(step: string, url: string, opts?: RequestOptions): Promise<PlatformResponse>;
  /** `request`, then the body as a JSON object (else an unrecognized reply). */
  json<T = Record<string, unknown>>(step: string, url: string, opts?: RequestOptions): Promise<T>;
  unrecognized(step: string, res: PlatformResponse | undefined, what?: string): PlatformError;
  /** A platform address as a person's browser opens it (the emulator's in sandbox mode). */
  browserUrl(url: string): string;
}

export const X_API = 'https://api.x.com/2';

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
