import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../core/server';
import { armFault } from '../core/test-support';
import { facebookDriver, facebookVideoDriver } from './facebook/fault-driver';
import type { FaultDriver, FaultEmu, ProcessingState } from './fault-driver';
import { PLATFORM_MODULES } from './index';
import { instagramDriver } from './instagram/fault-driver';
import { redditDriver } from './reddit/fault-driver';
import { tiktokDriver } from './tiktok/fault-driver';
import { xDriver } from './x/fault-driver';
import { youtubeDriver } from './youtube/fault-driver';

// Every fault kind of the control API, on every platform, for the same meaning: each platform answers in its own
// envelope, read here as a client following the platform's documents reads it.
const DRIVERS: FaultDriver[] = [
  tiktokDriver,
  instagramDriver,
  facebookDriver,
  facebookVideoDriver,
  youtubeDriver,
  xDriver,
  redditDriver,
].map((d) => ({ ...d, name: d.name ?? d.platform }));

const clock = { t: Date.now() };
let running: RunningEmulator;
let emu: FaultEmu;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-fault-meaning-'));

beforeAll(async () => {
  running = await startEmulator({ dataDir, modules: PLATFORM_MODULES, now: () => clock.t });
  emu = { url: running.url, clock };
});
afterAll(async () => {
  await running.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const clearFaults = () => fetch(`${emu.url}/_control/faults`, { method: 'DELETE' });
const faultsLeft = async () =>
  ((await (await fetch(`${emu.url}/_control/faults`)).json()) as { items: object[] }).items;

/** The clock moves this much between two looks at processing. */
const LOOK_EVERY_MS = 5_000;

describe.each(DRIVERS)('$name: each fault kind means what the control API says', (d) => {
  let account: unknown;
  beforeEach(async () => {
    await clearFaults();
    account = await d.connect(emu);
  });
  const arm = (f: object) => armFault(emu.url, d.platform, f);
  const probe = async () => d.meaning(await d.probe(emu, account));

  /** Looks at processing while the clock moves on by `ms`: processing at every look. */
  async function staysProcessing(uploads: unknown[], ms: number) {
    for (let waited = 0; waited <= ms; waited += LOOK_EVERY_MS) {
      for (const upload of uploads) expect(await d.processing(emu, account, upload)).toBe('processing');
      clock.t += LOOK_EVERY_MS;
    }
  }

  /** How processing ends, looking at it as the clock moves on (at most 10 looks): the platform's usual pace. */
  async function outcome(upload: unknown): Promise<ProcessingState> {
    for (let look = 0; look < 10; look++) {
      const state = await d.processing(emu, account, upload);
      if (state !== 'processing') return state;
      clock.t += 2_000;
    }
    return 'processing';
  }

  it('rate_limit: the platform’s rate-limit answer, reset after delayMs where the platform tells one; once', async () => {
    // Away from the real clock: a reset must be counted on the emulator's clock.
    clock.t += 10 * 60_000;
    account = await d.connect(emu);
    await arm({ kind: 'rate_limit', step: d.probeStep, delayMs: 120_000 });
    const limited = await d.probe(emu, account);
    expect(d.meaning(limited)).toBe('rate_limit');
    const reset = d.resetSeconds(limited, clock.t);
    if (reset !== undefined) expect(Math.round(reset)).toBeOneOf([120, 121]);
    expect(await probe()).toBe('ok');
  });

  it('server_error, token_expired and reject (with its message): the platform’s own answer, once each', async () => {
    for (const kind of ['server_error', 'token_expired', 'reject'] as const) {
      await arm({ kind, step: d.probeStep, message: 'Refused by the fault table' });
      const answer = await d.probe(emu, account);
      expect(d.meaning(answer)).toBe(kind);
      if (kind === 'reject') expect(d.message(answer)).toContain('Refused by the fault table');
      expect(await probe()).toBe('ok');
    }
  });

  it('times and step: a fault answers `times` requests of its step, and no other step', async () => {
    await arm({ kind: 'server_error', step: d.otherStep });
    expect(await probe()).toBe('ok');
    await clearFaults();
    await arm({ kind: 'server_error', step: d.probeStep, times: 2 });
    expect([await probe(), await probe(), await probe()]).toEqual(['server_error', 'server_error', 'ok']);
    expect(await faultsLeft()).toEqual([]);
  });

  it('hang: no answer until delayMs, then a server error; hang_after: its own answer, late', async () => {
    await arm({ kind: 'hang', step: d.probeStep, delayMs: 50 });
    expect(await probe()).toBe('server_error');
    await arm({ kind: 'hang_after', step: d.probeStep, delayMs: 50 });
    expect(await probe()).toBe('ok');
  });

  it('processing_failed: the next upload’s processing fails; the one after is processed', async () => {
    await arm({ kind: 'processing_failed', step: d.processingStep, message: 'Unsupported codec' });
    expect(await outcome(await d.upload(emu, account))).toBe('failed');
    expect(await outcome(await d.upload(emu, account))).toBe('done');
  });

  it('slow_processing with delayMs: the next upload processes that long, then is done; the one after is not slowed', async () => {
    await arm({ kind: 'slow_processing', step: d.processingStep, delayMs: 60_000 });
    const slow = await d.upload(emu, account);
    await staysProcessing([slow], 55_000);
    expect(await outcome(slow)).toBe('done');
    expect(await faultsLeft()).toEqual([]);
    expect(await outcome(await d.upload(emu, account))).toBe('done');
  });

  it('slow_processing without delayMs: every upload processes while the fault exists, and is done once it is removed', async () => {
    await arm({ kind: 'slow_processing', step: d.processingStep });
    const uploads = [await d.upload(emu, account), await d.upload(emu, account)];
    await staysProcessing(uploads, 120_000);
    expect(await faultsLeft()).toHaveLength(1);
    await clearFaults();
    for (const upload of uploads) expect(await outcome(upload)).toBe('done');
  });

  it('duplicate: the step that makes the post refuses it as a duplicate, once', async () => {
    await arm({ kind: 'duplicate' });
    expect(await d.create(emu, account)).toBe('duplicate');
    expect(await d.create(emu, account)).toBe('ok');
  });
});
