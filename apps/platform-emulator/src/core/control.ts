import { z } from 'zod';
import { AccountPrivacyBody, AppStageBody } from './app-stages';
import type { EmulatorContext } from './context';
import { FAULT_KINDS } from './faults';
import { json, type Router } from './http';
import { releaseProcessingHolds } from './processing-faults';

/**
 * `kind`: `rate_limit` (until `delayMs`, default a minute), `server_error`, `token_expired`, `reject` (with
 * `message`), `hang` (no answer and no effect: held until the client goes away, or `delayMs` then a server
 * error), `hang_after` (the request takes effect and its state is written, then no answer: held until the
 * client goes away, or `delayMs` then its own answer), `processing_failed` (the next `times` uploads' processing
 * fails), `slow_processing` (with `delayMs`: the next `times` uploads each stay processing that long; without:
 * every upload stays processing until the fault is removed; see processing-faults.ts), `duplicate`. `step`: a
 * route's step name (see each platform's index.ts, or `GET /_control/steps` for the steps requests reached); any
 * step when absent. `times`: how many requests (or uploads) it applies to (default 1).
 */
const FaultBody = z.object({
  platform: z.enum(['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit']),
  kind: z.enum(FAULT_KINDS),
  times: z.number().int().min(1).max(10_000).optional(),
  step: z.string().min(1).max(64).optional(),
  message: z.string().max(2000).optional(),
  delayMs: z.number().int().min(0).max(3_600_000).optional(),
});

const ExpireBody = z.object({ platform: z.string().optional() }).optional();

/** The control API (host '' = the emulator's own paths), for tests and for people trying the sandbox. */
export function registerControl(router: Router, ctx: EmulatorContext, onReset: () => void) {
  router.add('GET', '', '/_control/published', () => json(200, { items: ctx.published.list().map(strip) }));

  router.add('GET', '', '/_control/comments', () => json(200, { items: ctx.published.comments() }));

  router.add('GET', '', '/_control/tokens', () =>
    json(200, {
      items: ctx.oauth.accessTokens.values().map((t) => ({
        platform: t.platform,
        accessToken: t.accessToken,
        refreshToken: t.refreshToken ?? null,
        expiresAt: new Date(t.expiresAt).toISOString(),
      })),
    }),
  );

  router.add('POST', '', '/_control/expire-tokens', async (req) => {
    const body = ExpireBody.safeParse(await req.json());
    if (!body.success) return json(400, { error: 'expected {platform?}' });
    ctx.oauth.expireAll(body.data?.platform);
    return json(200, { ok: true });
  });

  router.add('GET', '', '/_control/faults', () => json(200, { items: ctx.faults.list() }));

  router.add('POST', '', '/_control/faults', async (req) => {
    const body = FaultBody.safeParse(await req.json());
    if (!body.success)
      return json(400, { error: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return json(201, { fault: ctx.faults.add(body.data) });
  });

  router.add('GET', '', '/_control/held', () => json(200, { items: ctx.faults.heldRequests() }));

  router.add('GET', '', '/_control/steps', () => json(200, { items: ctx.faults.reachedSteps() }));

  router.add('DELETE', '', '/_control/faults', () => {
    ctx.faults.clear();
    // The processing that slow_processing faults hold goes on as well.
    releaseProcessingHolds(ctx);
    return json(200, { ok: true });
  });

  // The app's review stage (TikTok's Direct Post audit, YouTube's API audit) and the account settings it needs.
  router.add('POST', '', '/_control/app-stage', async (req) => {
    const body = AppStageBody.safeParse(await req.json());
    if (!body.success) return json(400, { error: 'expected {platform, clientId?, audited?, verified?}' });
    return json(200, { stage: ctx.stages.setStage(body.data) });
  });

  router.add('POST', '', '/_control/account-privacy', async (req) => {
    const body = AccountPrivacyBody.safeParse(await req.json());
    if (!body.success) return json(400, { error: 'expected {platform, accountId?, private}' });
    ctx.stages.setAccountPrivacy(body.data);
    return json(200, { ok: true });
  });

  router.add('POST', '', '/_control/reset', () => {
    ctx.store.reset();
    ctx.faults.forgetReached();
    onReset();
    return json(200, { ok: true });
  });
}

function strip(item: { blobId?: string }) {
  const { blobId: _blobId, ...rest } = item;
  return rest;
}
