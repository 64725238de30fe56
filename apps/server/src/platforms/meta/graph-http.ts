import type { PlatformResponse, RequestOptions } from '../base-adapter';
import type { PlatformError } from '../platform-error';

/** What the step files of a Meta adapter use to talk to the platform. */
export interface GraphHttp {
  readonly platform: string;
  /** `https://<graph host>/v23.0/<path>`. */
  graphUrl(path: string): string;
  /** A Graph call with the token as `access_token`; an error envelope in a 200 answer is thrown too. */
  graph<T = Record<string, unknown>>(step: string, path: string, token: string, opts?: RequestOptions): Promise<T>;
  request(step: string, url: string, opts?: RequestOptions): Promise<PlatformResponse>;
  classify(res: PlatformResponse, step: string): PlatformError;
  unrecognized(step: string, res: PlatformResponse | undefined, what?: string): PlatformError;
  /** A platform address as a person's browser opens it (the emulator's in sandbox mode). */
  browserUrl(url: string): string;
  readonly appId: string;
}
