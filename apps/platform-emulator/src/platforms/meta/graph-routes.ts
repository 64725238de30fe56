import type { EmulatorContext, FaultEnvelopes, RouteApi } from '../../core/context';
import { REQUEST_FAULTS } from '../../core/faults';
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

/**
 * Routes whose step depends on the request (one path serving a container and a media, `oauth/access_token`
 * serving two grants) are registered under a neutral step; the faults for the step they turn out to be are
 * answered here, the way the core answers them for the others.
 */
export async function stepFault(
  ctx: EmulatorContext,
  platform: string,
  step: string,
  envelopes: FaultEnvelopes,
  req: EmuRequest,
): Promise<EmuResponse | undefined> {
  const fault = ctx.faults.take(platform, step, REQUEST_FAULTS);
  if (!fault) return undefined;
  switch (fault.kind) {
    case 'rate_limit':
      return envelopes.rateLimit(new Date(ctx.now() + (fault.delayMs ?? 60_000)));
    case 'server_error':
      return envelopes.serverError();
    case 'token_expired':
      return envelopes.tokenExpired();
    case 'reject':
      return envelopes.reject(fault.message ?? 'The request was rejected.');
    default: {
      ctx.store.persist();
      await new Promise<void>((resolve) => {
        if (fault.delayMs !== undefined) setTimeout(resolve, fault.delayMs).unref();
        if (req.raw.socket.destroyed) resolve();
        else req.raw.socket.once('close', () => resolve());
      });
      return envelopes.serverError();
    }
  }
}

/** Runs `run` unless a fault injected for `step` answers first. */
export async function withStep(
  ctx: EmulatorContext,
  platform: string,
  step: string,
  envelopes: FaultEnvelopes,
  req: EmuRequest,
  run: () => Promise<EmuResponse> | EmuResponse,
): Promise<EmuResponse> {
  return (await stepFault(ctx, platform, step, envelopes, req)) ?? run();
}

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
