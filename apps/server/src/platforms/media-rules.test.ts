import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import { makeClip } from '../../test/clips';
import { control, fileSource, sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../test/emulator';
import { connectAccount, publishRequest, runPublishLoop } from '../../test/publish-loop';
import { makeTempDir } from '../../test/test-server';
import type { AdapterOptions } from './base-adapter';
import { FacebookAdapter } from './facebook/facebook.adapter';
import type { PlatformAdapter } from './platform-adapter';
import { PlatformError } from './platform-error';
import { TikTokAdapter } from './tiktok/tiktok.adapter';
import { XAdapter } from './x/x.adapter';

/**
 * The emulated platforms read the bytes they receive with ffprobe and hold them to the media rules their documents
 * give (apps/platform-emulator/src/core/media-rules.ts): a video that breaks one fails the platform's processing,
 * in the platform's own way, and a video that keeps them is published with what was read from it.
 */
let emu: TestEmulator;
const dir = makeTempDir('fanout-media-rules-');
const clip = (name: string, size: string, seconds: number, video?: string[], extra?: string[]) =>
  makeClip(path.join(dir, name), size, seconds, video, extra);
const HEVC = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'];

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function publish(
  platform: PlatformKey,
  make: (o: AdapterOptions) => PlatformAdapter,
  file: string,
  options = {},
) {
  const adapter = make(sandboxAdapterOptions(emu, {}, platform));
  const connected = await connectAccount(adapter);
  const account = { ...connected.account, refreshToken: connected.tokens.refreshToken };
  const request = publishRequest(account, fileSource(file), { caption: `Media rules ${Date.now()}`, options });
  return runPublishLoop(adapter, request);
}

async function refusal(run: Promise<unknown>): Promise<PlatformError> {
  const err = await run.then(
    () => new Error('it was published'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe('the media rules of the emulated platforms, read from the bytes', () => {
  it('X refuses an HEVC video and one over its 1280×1024 box, and publishes H.264 within it with the facts read', async () => {
    const x = (o: AdapterOptions) => new XAdapter(o);
    const hevc = await refusal(publish('x', x, clip('x-hevc.mp4', '640x360', 1, HEVC)));
    expect(hevc.kind).toBe('rejected');
    expect(hevc.platformMessage).toMatch(/UnsupportedMedia/);
    expect((await refusal(publish('x', x, clip('x-big.mp4', '1920x1080', 1)))).kind).toBe('rejected');

    const done = await publish('x', x, clip('x-ok.mp4', '1280x720', 1));
    if (done.stopped) throw new Error('stopped');
    const item = (await control.published(emu)).items.find(
      (i) => i.platform === 'x' && i.id === done.post.platformPostId,
    );
    expect(item?.media).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 1280, height: 720, fps: 30 });
    expect(item?.media?.durationMs).toBeGreaterThanOrEqual(950);
  });

  it('a Facebook Reel must be 9:16: a landscape one fails processing with the reason in words', async () => {
    const facebook = (o: AdapterOptions) => new FacebookAdapter(o);
    const err = await refusal(publish('facebook', facebook, clip('reel-wide.mp4', '640x360', 1), { kind: 'reel' }));
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage).toMatch(/640×360; a Facebook Reel is 9:16/);
    const done = await publish('facebook', facebook, clip('reel-tall.mp4', '360x640', 1), { kind: 'reel' });
    expect(done.stopped).toBe(false);
  });

  it('TikTok names the check a video failed: more than 60 frames a second is frame_rate_check_failed', async () => {
    const tiktok = (o: AdapterOptions) => new TikTokAdapter(o);
    const err = await refusal(
      publish('tiktok', tiktok, clip('tiktok-fast.mp4', '360x640', 1, undefined, ['-r', '90']), {
        privacyLevel: 'SELF_ONLY',
      }),
    );
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage ?? err.platformCode).toMatch(/frame_rate_check_failed/);
  });
});
