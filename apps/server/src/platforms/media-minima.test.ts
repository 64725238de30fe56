import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../test/emulator';
import { makeTempDir } from '../../test/test-server';
import type { AdapterOptions } from './base-adapter';
import { FacebookAdapter } from './facebook/facebook.adapter';
import { InstagramAdapter } from './instagram/instagram.adapter';
import { mediaRulesKit, refusal } from './media-rules.test-support';
import { TikTokAdapter } from './tiktok/tiktok.adapter';
import { XAdapter } from './x/x.adapter';

/**
 * The documented minima (../shared/reference/platform-apis.md, each platform's "Limits" line), read by the
 * emulated platform from the bytes it received: a clip below one fails processing with the platform's own
 * error, and a clip exactly at every minimum is published.
 */
let emu: TestEmulator;
const dir = makeTempDir('fanout-media-minima-');
const { clip, publish } = mediaRulesKit(() => emu, dir);

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tiktok = (o: AdapterOptions) => new TikTokAdapter(o);
const instagram = (o: AdapterOptions) => new InstagramAdapter(o);
const facebook = (o: AdapterOptions) => new FacebookAdapter(o);
const x = (o: AdapterOptions) => new XAdapter(o);
const SELF_ONLY = { privacyLevel: 'SELF_ONLY' };
const REEL = { kind: 'reel' };

describe('the platforms’ documented minima, read from the bytes', () => {
  it('TikTok (3 s, 23 fps, 360 px a side) names the check failed in fail_reason; a clip at them is posted', async () => {
    const failReason = async (file: string) => {
      const err = await refusal(publish('tiktok', tiktok, file, SELF_ONLY));
      expect(err.kind).toBe('rejected');
      return err.platformMessage ?? err.platformCode;
    };
    expect(await failReason(clip('tt-short.mp4', '360x640', 2))).toMatch(/duration_check_failed/);
    expect(await failReason(clip('tt-slow.mp4', '360x640', 3, { fps: 20 }))).toMatch(/frame_rate_check_failed/);
    expect(await failReason(clip('tt-small.mp4', '320x568', 3))).toMatch(/picture_size_check_failed/);
    const done = await publish('tiktok', tiktok, clip('tt-least.mp4', '360x640', 3, { fps: 23 }), SELF_ONLY);
    expect(done.stopped).toBe(false);
  });

  it('Instagram (3 s, 23 fps): the container’s status_code is ERROR with the reason; a clip at them is posted', async () => {
    const short = await refusal(publish('instagram', instagram, clip('ig-short.mp4', '360x640', 2)));
    expect(short).toMatchObject({ kind: 'rejected', platformCode: 'ERROR' });
    expect(short.platformMessage).toMatch(/lasts 2(\.\d)? s; Instagram takes at least 3 seconds/);
    const slow = await refusal(publish('instagram', instagram, clip('ig-slow.mp4', '360x640', 3, { fps: 20 })));
    expect(slow.platformMessage).toMatch(/20 frames a second; Instagram takes at least 23/);
    const done = await publish('instagram', instagram, clip('ig-least.mp4', '360x640', 3, { fps: 23 }));
    expect(done.stopped).toBe(false);
  });

  it('a Facebook Reel (540×960, 24 fps, 3 s) fails processing with the reason; one at them is posted', async () => {
    const reason = async (file: string) => {
      const err = await refusal(publish('facebook', facebook, file, REEL));
      expect(err.kind).toBe('rejected');
      return err.platformMessage;
    };
    expect(await reason(clip('reel-small.mp4', '360x640', 3, { fps: 24 }))).toMatch(/at least 540×960/);
    expect(await reason(clip('reel-slow.mp4', '540x960', 3, { fps: 23 }))).toMatch(/23 frames a second.*least 24/);
    expect(await reason(clip('reel-short.mp4', '540x960', 2, { fps: 24 }))).toMatch(
      /lasts 2(\.\d)? s.*least 3 seconds/,
    );
    const done = await publish('facebook', facebook, clip('reel-least.mp4', '540x960', 3, { fps: 24 }), REEL);
    expect(done.stopped).toBe(false);
  });

  it('X (32×32, 0.5 s) fails the media with processing_info.error InvalidMedia; a clip at them is posted', async () => {
    for (const file of [clip('x-small.mp4', '30x30', 1), clip('x-short.mp4', '64x64', 0.3)]) {
      const err = await refusal(publish('x', x, file));
      expect(err.kind).toBe('rejected');
      expect(err.platformMessage).toMatch(/UnsupportedMedia/);
    }
    const done = await publish('x', x, clip('x-least.mp4', '32x32', 0.5));
    expect(done.stopped).toBe(false);
  });
});
