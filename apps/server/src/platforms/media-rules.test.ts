import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, startTestEmulator, type TestEmulator } from '../../test/emulator';
import { makeTempDir } from '../../test/test-server';
import type { AdapterOptions } from './base-adapter';
import { FacebookAdapter } from './facebook/facebook.adapter';
import { mediaRulesKit, refusal } from './media-rules.test-support';
import { TikTokAdapter } from './tiktok/tiktok.adapter';
import { XAdapter } from './x/x.adapter';

/**
 * The emulated platforms read the bytes they receive with ffprobe and hold them to the media rules their documents
 * give (apps/platform-emulator/src/core/media-rules.ts): a video that breaks one fails the platform's processing,
 * in the platform's own way, and a video that keeps them is published with what was read from it.
 */
let emu: TestEmulator;
const dir = makeTempDir('fanout-media-rules-');
const { clip, publish } = mediaRulesKit(() => emu, dir);
const HEVC = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'];

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the media rules of the emulated platforms, read from the bytes', () => {
  it('X refuses an HEVC video and one over its 1280×1024 box, and publishes H.264 within it with the facts read', async () => {
    const x = (o: AdapterOptions) => new XAdapter(o);
    const hevc = await refusal(publish('x', x, clip('x-hevc.mp4', '640x360', 1, { video: HEVC })));
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
    const done = await publish('facebook', facebook, clip('reel-tall.mp4', '540x960', 3, { fps: 24 }), {
      kind: 'reel',
    });
    expect(done.stopped).toBe(false);
  });

  it('TikTok names the check a video failed: more than 60 frames a second is frame_rate_check_failed', async () => {
    const tiktok = (o: AdapterOptions) => new TikTokAdapter(o);
    const err = await refusal(
      publish('tiktok', tiktok, clip('tiktok-fast.mp4', '360x640', 3, { fps: 90 }), {
        privacyLevel: 'SELF_ONLY',
      }),
    );
    expect(err.kind).toBe('rejected');
    expect(err.platformMessage ?? err.platformCode).toMatch(/frame_rate_check_failed/);
  });
});
