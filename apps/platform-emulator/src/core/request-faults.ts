import type { EmulatorContext, FaultEnvelopes } from './context';
import { REQUEST_FAULTS } from './faults';
import type { EmuRequest, EmuResponse } from './http';

/**
 * Runs a route's handler under the request faults injected for its platform and step: the fault's answer
 * in the platform's envelope instead of the handler's (`rate_limit`, `server_error`, `token_expired`,
 * `reject`), no answer before it takes effect (`hang`), or the handler run and its state on disk and then no
 * answer (`hang_after`). The core applies it to every route's own step; routes that serve several steps (one
 * path for a container and a media …) apply it for the step the request turns out to be.
 */
export async function withRequestFault(
  ctx: Pick<EmulatorContext, 'faults' | 'store' | 'now'>,
  platform: string,
  step: string,
  envelopes: FaultEnvelopes,
  req: EmuRequest,
  run: () => Promise<EmuResponse> | EmuResponse,
): Promise<EmuResponse> {
  ctx.faults.reach(platform, step);
  const fault = ctx.faults.take(platform, step, REQUEST_FAULTS);
  if (!fault) return run();
  switch (fault.kind) {
    case 'rate_limit':
      return envelopes.rateLimit(new Date(ctx.now() + (fault.delayMs ?? 60_000)), ctx.now());
    case 'server_error':
      return envelopes.serverError();
    case 'token_expired':
      return envelopes.tokenExpired(ctx.now());
    case 'reject':
      return envelopes.reject(fault.message ?? 'The request was rejected.');
    case 'hang_after': {
      const answer = await run();
      // The request took effect: it is on disk before the client is kept waiting.
      ctx.store.persist();
      await ctx.faults.hold(req.raw, fault, step);
      return answer;
    }
    case 'hang':
    default:
      ctx.store.persist();
      await ctx.faults.hold(req.raw, fault, step);
      return envelopes.serverError();
  }
}
