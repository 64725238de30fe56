import { describe, expect, it } from 'vitest';
import type {
  ConnectedAccount,
  PlatformAdapter,
  PublishRequest,
  PublishStepResult,
  TokenSet,
} from '../src/platforms/platform-adapter';
import { failure, type AdapterHarness } from './adapter-conformance';
import { control } from './emulator';
import { connectAccount, runPublishLoop } from './publish-loop';

/** The account a fault test works with; `exchanged` is the token set the code exchange gave. */
export interface Connection {
  account: ConnectedAccount;
  exchanged: TokenSet;
}

/** What the error must carry besides its kind: PlatformError fields, as values or asymmetric matchers. */
type Carries = { [K in 'platformCode' | 'platformMessage']?: unknown };

/** A non-empty string. */
export const someText = () => expect.stringMatching(/./);

export interface FaultConformance {
  /** A read the faults are injected into (a profile read, creator_info…). */
  probe(adapter: PlatformAdapter, c: Connection): Promise<unknown>;
  /** The post a publish-step fault is tested on; `reject` goes through publishing when given, else through the probe. */
  post?(c: Connection): PublishRequest;
  /** The text a `reject` fault carries, which the error must keep. */
  rejectMessage: string;
  /** A rate limit's reset this many ms ahead, which the retryAt must honour (a reset in the future otherwise). */
  rateLimitResetMs?: number;
  /** What each error carries on this platform besides its kind. */
  carries?: Partial<Record<'rate_limit' | 'token_expired' | 'reject', Carries>>;
  /** Processing and duplicate faults, checked on a whole publish: what the rejection carries. */
  publishFaults?: Partial<Record<'processing_failed' | 'duplicate', Carries>>;
  /** A slow processing fault: the journal step that polls, how long processing lasts, the test's cap on waits. */
  slowProcessing?: { step: string; delayMs: number; maxWaitMs: number };
}

/** How an adapter sorts each fault the emulator injects into PlatformError kinds. */
export function describeFaultConformance(name: string, h: AdapterHarness<PlatformAdapter>, spec: FaultConformance) {
  const platform = () => h.adapter.platform;
  let connection: Connection | undefined;
  const connected = async () => {
    if (!connection) {
      const { account, exchanged } = await connectAccount(h.adapter);
      connection = { account, exchanged };
    }
    return connection;
  };
  const probeFails = async (adapter = h.adapter) => failure(spec.probe(adapter, await connected()));

  describe(`${name} faults`, () => {
    it('rate_limit → rate_limited with a retryAt in the future', async () => {
      const c = await connected();
      const ahead = spec.rateLimitResetMs;
      await control.fault(h.emu, { platform: platform(), kind: 'rate_limit', ...(ahead ? { delayMs: ahead } : {}) });
      const err = await failure(spec.probe(h.adapter, c));
      expect(err).toMatchObject({ kind: 'rate_limited', ...spec.carries?.rate_limit });
      expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + (ahead ? ahead / 2 : 0));
    });

    it('server_error → retryable', async () => {
      await connected();
      await control.fault(h.emu, { platform: platform(), kind: 'server_error' });
      expect((await probeFails()).kind).toBe('retryable');
    });

    it('token_expired → auth_expired', async () => {
      await connected();
      await control.fault(h.emu, { platform: platform(), kind: 'token_expired' });
      expect(await probeFails()).toMatchObject({ kind: 'auth_expired', ...spec.carries?.token_expired });
    });

    it('reject → rejected carrying the platform’s message', async () => {
      const c = await connected();
      await control.fault(h.emu, { platform: platform(), kind: 'reject', message: spec.rejectMessage });
      const err = await failure(spec.post ? runPublishLoop(h.adapter, spec.post(c)) : spec.probe(h.adapter, c));
      expect(err).toMatchObject({ kind: 'rejected', ...spec.carries?.reject });
      expect(err.platformMessage).toContain(spec.rejectMessage);
    });

    it('hang → retryable after the adapter’s own timeout', async () => {
      await connected();
      await control.fault(h.emu, { platform: platform(), kind: 'hang', delayMs: 3_000 });
      const started = Date.now();
      expect((await probeFails(h.make({ timeoutMs: 300 }))).kind).toBe('retryable');
      expect(Date.now() - started).toBeLessThan(2_500);
    });

    for (const [kind, carries] of Object.entries(spec.publishFaults ?? {}))
      it(`${kind} → rejected with the platform’s reason`, async () => {
        const c = await connected();
        await control.fault(h.emu, { platform: platform(), kind });
        const err = await failure(runPublishLoop(h.adapter, spec.post!(c)));
        expect(err).toMatchObject({ kind: 'rejected', ...carries });
      });

    const slow = spec.slowProcessing;
    if (slow)
      it('slow_processing → the step keeps polling with a wait, and finishes once processing does', async () => {
        await control.fault(h.emu, { platform: platform(), kind: 'slow_processing', delayMs: slow.delayMs });
        const request = spec.post!(await connected());
        const polling = (s: PublishStepResult) => !s.done && s.journal.step === slow.step && (s.waitMs ?? 0) > 0;
        let polls = 0;
        const stalled = await runPublishLoop(h.adapter, request, {
          maxWaitMs: slow.maxWaitMs,
          stopWhen: (r) => polling(r) && ++polls === 3,
        });
        expect(stalled.stopped).toBe(true);
        await control.clearFaults(h.emu);
        const done = await runPublishLoop(h.adapter, request, { journal: stalled.journal, maxWaitMs: slow.maxWaitMs });
        if (done.stopped) throw new Error('stopped');
        expect(polling(stalled.steps.at(-1)!)).toBe(true);
        expect(done.post.platformPostId).toBeTruthy();
      });
  });
}
