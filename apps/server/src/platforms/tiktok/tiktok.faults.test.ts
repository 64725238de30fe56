import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  control,
  fileSource,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount, PublishStepResult } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { TikTokAdapter } from './tiktok.adapter';

let emu: TestEmulator;
let adapter: TikTokAdapter;
let account: ConnectedAccount;

beforeAll(async () => {
  emu = await startTestEmulator();
  adapter = new TikTokAdapter(sandboxAdapterOptions(emu));
  ({ account } = await connectAccount(adapter));
});
afterEach(async () => {
  await control.clearFaults(emu);
});
afterAll(async () => {
  await emu?.stop();
});

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
};
const smallPost = (options: Record<string, unknown> = { privacyLevel: 'SELF_ONLY' }) =>
  publishRequest(account, fileSource(mediaFixtures().video), { caption: 'TikTok fault test', options });

describe('TikTok faults', () => {
  it('rate_limit → rate_limited with a retryAt in the future', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'rate_limit' });
    const err = await failure(adapter.publishOptions(account));
    expect(err.kind).toBe('rate_limited');
    expect(err.platformCode).toBe('rate_limit_exceeded');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('server_error → retryable', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'server_error' });
    expect((await failure(adapter.publishOptions(account))).kind).toBe('retryable');
  });

  it('token_expired → auth_expired', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'token_expired' });
    const err = await failure(adapter.publishOptions(account));
    expect(err.kind).toBe('auth_expired');
    expect(err.platformCode).toBe('access_token_invalid');
  });

  it('reject → rejected carrying the platform’s message', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'reject', message: 'Posting is paused for this creator' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage).toContain('Posting is paused for this creator');
  });

  it('hang → retryable after the adapter’s own timeout', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'hang', delayMs: 5_000 });
    const impatient = new TikTokAdapter(sandboxAdapterOptions(emu, { timeoutMs: 300 }));
    const started = Date.now();
    const err = await failure(impatient.publishOptions(account));
    expect(err.kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('processing_failed → rejected with TikTok’s fail_reason', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'processing_failed' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBeTruthy();
  });

  it('duplicate → rejected', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'duplicate' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
  });

  it('slow_processing → the step keeps polling with a wait, and finishes once processing does', async () => {
    // status/fetch takes 30 a minute per token: the test polls at most every 200 ms for about 1.5 s.
    await control.fault(emu, { platform: 'tiktok', kind: 'slow_processing', delayMs: 1_500 });
    const request = smallPost();
    const polling = (s: PublishStepResult) => !s.done && s.journal.step === 'status' && (s.waitMs ?? 0) > 0;
    let polls = 0;
    const slow = await runPublishLoop(adapter, request, {
      maxWaitMs: 200,
      stopWhen: (r) => polling(r) && ++polls === 3,
    });
    expect(slow.stopped).toBe(true);
    await control.clearFaults(emu);
    const done = await runPublishLoop(adapter, request, { journal: slow.journal, maxWaitMs: 200 });
    if (done.stopped) throw new Error('stopped');
    expect(polling(slow.steps.at(-1)!)).toBe(true);
    expect(done.post.platformPostId).toBeTruthy();
  });
});

describe('TikTok privacy level', () => {
  it('is required: none chosen → rejected with a clear message, before any request', async () => {
    await control.fault(emu, { platform: 'tiktok', kind: 'server_error' });
    const err = await failure(adapter.publishStep(smallPost({}), null));
    expect(err.kind).toBe('rejected');
    expect(err.message).toMatch(/privacy level/);
  });

  it('must be one creator_info offers', async () => {
    const err = await failure(adapter.publishStep(smallPost({ privacyLevel: 'EVERYONE_IN_THE_WORLD' }), null));
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBe('privacy_level_option_mismatch');
  });
});
