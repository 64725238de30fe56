import { BaseAdapter, type PlatformResponse, type RequestOptions } from '../base-adapter';
import type { PlatformError } from '../platform-error';
import { GRAPH_VERSION } from './graph-version';
import { classifyMetaError, metaError } from './meta.errors';

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

/** Instagram and Facebook: one Graph API, one error envelope. */
export abstract class MetaGraphAdapter extends BaseAdapter {
  /** `graph.instagram.com` or `graph.facebook.com`. */
  protected abstract readonly graphHost: string;

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
    return classifyMetaError(this.platform, res, step) ?? super.classify(res, step);
  }
}
