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
import type { ConnectedAccount, PublishStepResult, TokenSet } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { YouTubeAdapter } from './youtube.adapter';
import { nextPacificMidnight } from './youtube.errors';

let emu: TestEmulator;
let adapter: YouTubeAdapter;
let account: ConnectedAccount;
let tokens: TokenSet;

beforeAll(async () => {
  emu = await startTestEmulator();
  adapter = new YouTubeAdapter(sandboxAdapterOptions(emu));
  ({ account, tokens } = await connectAccount(adapter));
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
const smallPost = () =>
  publishRequest(account, fileSource(mediaFixtures().video), { title: 'YouTube fault test', caption: 'faults' });

describe('YouTube faults', () => {
  it('rate_limit → rate_limited with a retryAt in the future', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'rate_limit' });
    const err = await failure(adapter.profile(tokens));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('server_error → retryable', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'server_error' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('retryable');
  });

  it('token_expired → auth_expired', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'token_expired' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
  });

  it('reject → rejected carrying the platform’s message', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'reject', message: 'The channel cannot upload now' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage).toContain('The channel cannot upload now');
  });

  it('hang → retryable after the adapter’s own timeout', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'hang', delayMs: 5_000 });
    const impatient = new YouTubeAdapter(sandboxAdapterOptions(emu, { timeoutMs: 300 }));
    const started = Date.now();
    expect((await failure(impatient.profile(tokens))).kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('processing_failed → rejected with the failureReason', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'processing_failed' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBeTruthy();
  });

  it('duplicate → rejected with the rejectionReason', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'duplicate' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBe('duplicate');
  });

  it('slow_processing → the step keeps polling with a wait, and finishes once processing does', async () => {
    await control.fault(emu, { platform: 'youtube', kind: 'slow_processing', delayMs: 60_000 });
    const request = smallPost();
    const polling = (s: PublishStepResult) => !s.done && s.journal.step === 'processing' && (s.waitMs ?? 0) > 0;
    let polls = 0;
    const slow = await runPublishLoop(adapter, request, {
      maxWaitMs: 20,
      stopWhen: (r) => polling(r) && ++polls === 3,
    });
    expect(slow.stopped).toBe(true);
    await control.clearFaults(emu);
    const done = await runPublishLoop(adapter, request, { journal: slow.journal, maxWaitMs: 20 });
    if (done.stopped) throw new Error('stopped');
    expect(polling(slow.steps.at(-1)!)).toBe(true);
    expect(done.post.platformPostId).toBeTruthy();
  });

  it('a gone upload session is started again', async () => {
    const request = smallPost();
    const result = await runPublishLoop(adapter, request, {
      journal: {
        step: 'upload',
        sessionUrl: `${emu.url}/www.googleapis.com/upload/youtube/v3/videos?upload_id=gone`,
        offset: 0,
      },
    });
    if (result.stopped) throw new Error('stopped');
    expect(result.post.platformPostId).toBeTruthy();
  });
});

describe('YouTube quota', () => {
  it('runs out until the next midnight in California', () => {
    const next = nextPacificMidnight(new Date('2025-01-15T12:00:00Z'));
    expect(next.toISOString()).toBe('2025-01-16T08:00:00.000Z');
  });
});
