import type { EmulatorContext, RouteApi } from '../../core/context';
import type { EmuRequest, EmuResponse, Handler } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { graphError, tokenError } from './graph-errors';

const VERSION = /^\d+\.\d+$/;

/** The version put in the addresses the emulator hands out when the request named none. */
export const DEFAULT_GRAPH_VERSION = 'v23.0';

/**
 * Registers a Graph route under any version segment `v<major>.<minor>` (`/v23.0/me`) and, unless `versionless`
 * is false, without one (`/me`), as Graph falls back to the app's default version.
 */
export function graphRoute(
  api: RouteApi,
  method: string,
  host: string,
  path: string,
  step: string,
  handler: Handler,
  opts: { versionless?: boolean } = {},
) {
  api.route(method, host, `/v:ver${path}`, step, (req) =>
    VERSION.test(req.params.ver ?? '') ? handler(req) : badVersion(req),
  );
  if (opts.versionless !== false) api.route(method, host, path, step, handler);
}

/** `ver` from a route's `v:ver` segment is `23.0`; anything else is not a Graph version. */
export const isVersion = (ver: string | undefined) => VERSION.test(ver ?? '');

export const badVersion = (req: EmuRequest) =>
  graphError({ message: `Unknown path components: ${req.path}`, code: 2500 });

export type Authorized = { ok: true; token: AccessToken } | { ok: false; response: EmuResponse };

/** Checks a presented token for the platform (and a scope), answering a refusal in Graph's envelope. */
export function authorize(
  ctx: EmulatorContext,
  platform: string,
  presented: string | undefined,
  scope?: string | string[],
): Authorized {
  const check = ctx.oauth.check(platform, presented, scope);
  if (check.ok) return check;
  const found = presented ? ctx.oauth.accessTokens.get(presented) : undefined;
  return { ok: false, response: tokenError(check, ctx.now(), found?.platform === platform ? found : undefined) };
}
