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
import type { ConnectedAccount, TokenSet } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { RedditAdapter } from './reddit.adapter';
import { jsonErrorToPlatformError } from './reddit.errors';

let emu: TestEmulator;
let adapter: RedditAdapter;
let account: ConnectedAccount;
let tokens: TokenSet;

beforeAll(async () => {
  emu = await startTestEmulator();
  adapter = new RedditAdapter(sandboxAdapterOptions(emu));
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
  publishRequest(
    account,
    fileSource(mediaFixtures().video),
    { caption: 'Reddit fault test' },
    fileSource(mediaFixtures().still, { mimeType: 'image/png' }),
  );

describe('Reddit faults', () => {
  it('rate_limit → rate_limited with a retryAt in the future', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'rate_limit' });
    const err = await failure(adapter.profile(tokens));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('server_error → retryable', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'server_error' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('retryable');
  });

  it('token_expired → auth_expired', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'token_expired' });
    expect((await failure(adapter.profile(tokens))).kind).toBe('auth_expired');
  });

  it('reject → rejected carrying the platform’s message', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'reject', message: 'That community does not take videos' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage).toContain('That community does not take videos');
  });

  it('hang → retryable after the adapter’s own timeout', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'hang', delayMs: 5_000 });
    const impatient = new RedditAdapter(sandboxAdapterOptions(emu, { timeoutMs: 300 }));
    const started = Date.now();
    expect((await failure(impatient.profile(tokens))).kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('processing_failed → rejected with Reddit’s words from the websocket', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'processing_failed' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage).toBeTruthy();
  });

  it('duplicate → rejected', async () => {
    await control.fault(emu, { platform: 'reddit', kind: 'duplicate' });
    const err = await failure(runPublishLoop(adapter, smallPost()));
    expect(err.kind).toBe('rejected');
  });
});

describe('Reddit errors inside HTTP 200', () => {
  const answer = (errors: unknown[]) => {
    const body = { json: { errors } };
    return { status: 200, headers: {}, text: JSON.stringify(body), body };
  };

  it('RATELIMIT is rate_limited for the time its message names', () => {
    const err = jsonErrorToPlatformError(
      answer([['RATELIMIT', 'Take a break for 9 minutes before trying again.', 'ratelimit']]),
      'create',
    )!;
    expect(err.kind).toBe('rate_limited');
    expect(err.platformCode).toBe('RATELIMIT');
    const wait = err.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(8.9 * 60_000);
    expect(wait).toBeLessThanOrEqual(9 * 60_000);
  });

  it('other codes are rejected with Reddit’s code and message', () => {
    const err = jsonErrorToPlatformError(
      answer([['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']]),
      'create',
    )!;
    expect(err).toMatchObject({ kind: 'rejected', platformCode: 'SUBREDDIT_NOEXIST' });
    expect(err.platformMessage).toBe("that subreddit doesn't exist");
    expect(jsonErrorToPlatformError(answer([]), 'create')).toBeUndefined();
  });
});
